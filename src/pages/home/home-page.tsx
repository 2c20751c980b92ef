import { Suspense, useRef, useState, useSyncExternalStore } from 'react';
import { getChatModel, getChatStore, HOME_DRAFT_KEY, subscribeChatModel, useChats, useDraftText } from '../../chat';
import {
  contextLengthOfModel,
  getConnectionsStore,
  isConnectionsModel,
  modelAcceptsImages,
  modelReadiness,
  useConnectionsSnapshot,
  usableDefaultModel,
  type ModelReadiness,
} from '../../chat/connections';
import { t } from '../../i18n';
import { withChunkStyles } from '../../lib/chunk-styles';
import { useTextValue } from '../../lib/text-source';
import { useLocation, useNavigate } from '../../router';
import { Composer } from '../../ui/composer';
import { lazyPart } from '../../ui/lazy-part';
import { toast } from '../../ui/toast/toast-store';
import type { Attachment } from '../../chat/message-files/index';
import { paths } from '../paths';
import { MenuBar, ModelPicker, NeedsConnection, StorageNoticeSlot, useArrivalFocus, useComposerFiles, type PresetChoice } from '../shared';
// The help shown while no model is ready loads only then: a connected user never needs it (issue 12).
const ConnectHelp = lazyPart(() => import('./connect-help'));
const ModelNotice = lazyPart(() => import('./model-notice'));
const NotSentNote = lazyPart(() => import('./not-sent-note'));
const OfflineNote = lazyPart(() => import('./offline-note'));
// Saved prompts: `/` at the start of the box loads the menu and all it needs (issue 23).
const PromptMenu = lazyPart(withChunkStyles('prompt-menu', () => import('../shared/prompts/prompt-menu')), NeedsConnection);
// Off the first screen: a new user has no chats, and a returning one's arrive from IndexedDB anyway.
const RecentChats = lazyPart(() => import('./recent-chats').then((module) => ({ default: module.RecentChats })));
// Just after the first screen (they sit below the composer, so nothing above them moves): the budget.
const Suggestions = lazyPart(() => import('./suggestions').then((module) => ({ default: module.Suggestions })));
// The home page with a project chosen (`?project=`, issue 23) loads only then.
const ProjectHome = lazyPart(withChunkStyles('project-home', () => import('./project/project-home')), NeedsConnection);
import './home-page.css';

/** The home composer's textarea id: the New chat hotkey focuses it. */
export const HOME_COMPOSER_ID = 'home-composer';

/**
 * Whether a message can be sent: a model plugged into the registry some other way (the e2e
 * build's) is used as it is; the app's own routing model needs a connection and a chosen model.
 */
function readinessOf(external: boolean, readiness: ModelReadiness): ModelReadiness {
  return external ? 'ready' : readiness;
}

export default function HomePage() {
  // `?project=` (PROJECT_QUERY in project-query.ts, read here without it to keep this chunk alone).
  const project = new URLSearchParams(useLocation().search).get('project');
  // While its chunk loads, the route's own Suspense keeps the previous screen (or shows its indicator).
  return project === null ? <PlainHome /> : <ProjectHome id={project} />;
}

function PlainHome() {
  const navigate = useNavigate();
  // The draft is the box's alone (issue 34): the page renders only when it loads or a `/` starts it.
  const draft = useDraftText(HOME_DRAFT_KEY);
  const loaded = useTextValue(draft, (text) => text !== undefined);
  const slash = useTextValue(draft, (text) => text?.[0] === '/');
  const hasChats = useChats().length > 0;
  const registered = useSyncExternalStore(subscribeChatModel, getChatModel, getChatModel);
  const external = registered !== null && !isConnectionsModel(registered);
  const snapshot = useConnectionsSnapshot();
  const readiness = readinessOf(external, registered === null ? 'no-connection' : modelReadiness(snapshot));
  const defaultModel = usableDefaultModel(snapshot);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const [needsModel, setNeedsModel] = useState(false);
  const [sending, setSending] = useState(false);
  const [offline, setOffline] = useState(false);
  // A preset picked in the model picker (issue 23): the next chat starts with its values.
  const [preset, setPreset] = useState<PresetChoice>();
  const files = useComposerFiles({
    draftKey: HOME_DRAFT_KEY,
    text: draft,
    model: defaultModel,
    contextLength: contextLengthOfModel(snapshot, defaultModel),
    acceptsImages: modelAcceptsImages(snapshot, defaultModel),
    enabled: loaded && !sending,
    focusComposer: () => inputRef.current?.focus(),
  });

  const send = async (text: string) => {
    const connections = getConnectionsStore();
    await connections.init();
    const now = readinessOf(external, getChatModel() === null ? 'no-connection' : modelReadiness(connections.getSnapshot()));
    if (now !== 'ready') {
      // Instead of failing on send: keep the draft (and the focus) and say beside it what is missing.
      setNeedsModel(true);
      return;
    }
    const model = external ? undefined : (preset?.settings.model ?? usableDefaultModel(connections.getSnapshot()));
    // Offline with the model server elsewhere (issue 26): the draft stays, and the note says why
    // (its code is fetched while the page is idle, so the service worker has it offline).
    const unreachable = !navigator.onLine && (await import('./offline-note').then((note) => note.serverOutOfReach(connections.getSnapshot(), model, false), () => true));
    setOffline(unreachable);
    if (unreachable) return;
    setSending(true);
    try {
      let chatId: string | undefined;
      const create = async (attachments: Attachment[] = []) => (chatId = (await getChatStore().createChat({ text, model, attachments, settings: preset?.settings })).chatId);
      // With files, the chat exists only once they are stored: storage full leaves everything in the composer (it says so).
      if (files.hasFiles) await files.sendWith(create);
      else await create();
      if (chatId === undefined) {
        setSending(false);
        inputRef.current?.focus();
        return;
      }
      draft.set('');
      navigate(paths.chat.href(chatId));
    } catch (error) {
      // The store already reported storage problems; the draft stays for another try.
      toast.add({ title: t('home.sendFailed'), description: String((error as Error)?.message ?? error), color: 'error' });
      setSending(false);
    }
  };

  const suggest = (prompt: string) => {
    draft.set(prompt);
    inputRef.current?.focus();
  };

  // The offer says so itself (a toast): the composer is where the next action is.
  const connected = () => {
    setNeedsModel(false);
    inputRef.current?.focus();
  };

  // A new chat starts with typing: the composer takes focus as soon as it accepts input.
  useArrivalFocus(inputRef, loaded, HOME_DRAFT_KEY);

  const picker = !external && snapshot.connections.length > 0 && (
    <ModelPicker
      className="home-page__model"
      value={defaultModel}
      preset={preset?.name}
      // Once chosen, typing is next: back to the message box, not the picker (issue 33).
      onPresetPick={(choice) => {
        setPreset(choice);
        inputRef.current?.focus();
      }}
      onValueChange={(ref) => {
        setPreset(undefined);
        getConnectionsStore().setDefaultModel(ref);
        inputRef.current?.focus();
      }}
    />
  );

  return (
    <>
      <MenuBar />
      <section className="home-page" aria-labelledby="home-heading" data-readiness={readiness}>
        <h1 id="home-heading" className="home-page__greeting" tabIndex={-1}>
          {t('home.greeting')}
        </h1>
        <StorageNoticeSlot />
        <Composer
          ref={inputRef}
          inputId={HOME_COMPOSER_ID}
          className="home-page__composer"
          text={draft}
          onSubmit={(text) => void send(text)}
          disabled={!loaded || sending}
          placeholder={t('home.composerPlaceholder')}
          toolbar={
            <>
              {files.button}
              {picker}
            </>
          }
          attachments={files.tray}
          canSendEmpty={files.canSendEmpty}
          onPasteFiles={(pasted) => void files.add(pasted)}
          footer={
            <>
              {files.notes}
              {needsModel && (
                <Suspense fallback={null}>
                  <NotSentNote readiness={readiness} />
                </Suspense>
              )}
              {offline && (
                <Suspense fallback={null}>
                  <OfflineNote />
                </Suspense>
              )}
            </>
          }
          autoFocus
        />
        {files.overlay}
        {slash && (
          <Suspense fallback={null}>
            <PromptMenu text={draft} inputRef={inputRef} />
          </Suspense>
        )}
        {/* Below the box, not above it: on a phone the box stays on the first screen (issue 22). */}
        <Suspense fallback={null}>
          {readiness === 'no-connection' && (
            <ConnectHelp attention={needsModel} onConnected={connected} />
          )}
          {readiness === 'no-model' && <ModelNotice attention={needsModel} />}
        </Suspense>
        <Suspense fallback={<div className="suggestions" />}>
          <Suggestions onPick={suggest} />
        </Suspense>
        {hasChats && (
          <Suspense fallback={null}>
            <RecentChats />
          </Suspense>
        )}
      </section>
    </>
  );
}
