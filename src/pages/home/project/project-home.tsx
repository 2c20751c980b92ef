import { useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { getChatStore, useChats, useDraftText } from '../../../chat';
import { contextLengthOfModel, getConnectionsStore, modelAcceptsImages, modelIdOf, usableDefaultModel, useConnectionsSnapshot } from '../../../chat/connections';
import type { Attachment } from '../../../chat/message-files/index';
import { baseSettings, getLibraryStore, MAX_NAME_CHARS, MAX_TEXT_FIELD_CHARS, useLibrary } from '../../../chat/library';
import type { LibraryProject } from '../../../chat/types';
import { useTextValue } from '../../../lib/text-source';
import { Link, useNavigate } from '../../../router';
import { AttachButton } from '../../../ui/attachments/attach-button';
import { Composer } from '../../../ui/composer';
import { toast } from '../../../ui/toast/toast-store';
import { t as tShell } from '../../../i18n';
import { paths } from '../../paths';
import { MenuBar, ModelPicker, useArrivalFocus, useComposerFiles } from '../../shared';
import { PromptSlot } from '../../shared/prompt-slot';
import { ChatLinks } from '../recent-chats';
import { useToolSettings } from '../../chat/tools/tool-settings-view';
import { PROJECT_COMPOSER_ID } from '../project-query';
import { ProjectField } from './project-field';
import { ProjectFiles } from './project-files';
import { t } from './project-text';
import './project-home.css';

/** Writes a change to the project as it is stored now (another field may have been saved since). */
function saveProject(id: string, patch: Partial<LibraryProject>) {
  const latest = getLibraryStore().get(id);
  if (latest?.kind === 'project') void getLibraryStore().put({ ...latest, ...patch });
}

function ProjectChats({ projectId }: { projectId: string }) {
  const chats = useChats().filter((chat) => chat.projectId === projectId);
  return (
    <section className="project-chats recent-chats" aria-labelledby="project-chats-heading">
      <h2 id="project-chats-heading" className="project-section__heading">
        {t('projects.home.chats')}
      </h2>
      {chats.length === 0 ? <p className="project-files__none">{t('projects.home.noChats')}</p> : <ChatLinks chats={chats} />}
    </section>
  );
}

/** The MCP servers whose tools the project's chats get (unless a chat picks its own); shown once a server exists. */
function ProjectToolServers({ project }: { project: LibraryProject }) {
  const { servers } = useToolSettings();
  if (servers.length === 0) return null;
  const chosen = project.toolServers ?? [];
  const toggle = (id: string, on: boolean) => saveProject(project.id, { toolServers: on ? [...chosen, id] : chosen.filter((other) => other !== id) });
  return (
    <fieldset className="project-field project-tools">
      <legend className="project-field__label">{t('projects.home.tools')}</legend>
      {servers.map((server) => (
        <label key={server.id} className="project-tools__server">
          <input type="checkbox" checked={chosen.includes(server.id)} onChange={(event) => toggle(server.id, event.target.checked)} />
          {server.label}
        </label>
      ))}
    </fieldset>
  );
}

function KnownProject({ project }: { project: LibraryProject }) {
  const library = useLibrary();
  const snapshot = useConnectionsSnapshot();
  const navigate = useNavigate();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  // Kept like home's and a chat's: a draft survives leaving the page and a reload.
  const draftKey = `project:${project.id}`;
  const draft = useDraftText(draftKey);
  // The draft is the box's alone (issue 34): the page renders only when it has loaded.
  const loaded = useTextValue(draft, (text) => text !== undefined);
  const [sending, setSending] = useState(false);
  const base = useMemo(() => baseSettings(project.id, library), [project.id, library]);
  // New chats use the project's model (or its preset's), else the user's default.
  const model = base.model ?? usableDefaultModel(snapshot);
  const contextLength = contextLengthOfModel(snapshot, model);
  const presetId = useId();
  const canType = loaded && !sending;
  // The first message's own files (issue 33), as on the home page. Not dropped: a file dropped on
  // this page is the project's (ProjectFiles), so the message's come by the button or a paste.
  const files = useComposerFiles({
    draftKey,
    text: draft,
    model,
    contextLength,
    acceptsImages: modelAcceptsImages(snapshot, model),
    enabled: false,
    focusComposer: () => inputRef.current?.focus(),
  });

  useArrivalFocus(inputRef, loaded, draftKey);

  const send = async (message: string) => {
    setSending(true);
    try {
      await getConnectionsStore().init();
      let chatId: string | undefined;
      const create = async (attachments: Attachment[] = []) => (chatId = (await getChatStore().createChat({ text: message, model, attachments, projectId: project.id })).chatId);
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
      toast.add({ title: tShell('home.sendFailed'), description: String((error as Error)?.message ?? error), color: 'error' });
      setSending(false);
    }
  };

  const choosePreset = (event: ChangeEvent<HTMLSelectElement>) => saveProject(project.id, { presetId: event.target.value || undefined });

  return (
    <section className="home-page project-home" aria-labelledby="project-heading">
      <header className="project-home__header">
        <p className="project-home__kind">{t('projects.home.label')}</p>
        <h1 id="project-heading" className="project-home__name" tabIndex={-1}>
          {project.name}
        </h1>
      </header>
      <Composer
        ref={inputRef}
        inputId={PROJECT_COMPOSER_ID}
        className="home-page__composer"
        text={draft}
        onSubmit={(message) => void send(message)}
        disabled={!canType}
        placeholder={t('projects.home.composerPlaceholder', { name: project.name })}
        toolbar={
          <>
            <AttachButton onFiles={(added) => void files.add(added)} disabled={!canType} />
            {snapshot.connections.length > 0 && (
              <ModelPicker className="home-page__model" value={model} label={t('projects.home.model')} onValueChange={(ref) => saveProject(project.id, { model: ref })} />
            )}
          </>
        }
        attachments={files.tray}
        canSendEmpty={files.canSendEmpty}
        onPasteFiles={(pasted) => void files.add(pasted)}
        footer={files.notes}
      />
      <PromptSlot text={draft} inputRef={inputRef} />
      <ProjectChats projectId={project.id} />
      <ProjectFiles project={project} contextLength={contextLength} modelName={model ? modelIdOf(model) : undefined} />
      <section className="project-about" aria-labelledby="project-about-heading">
        <h2 id="project-about-heading" className="project-section__heading">
          {t('projects.home.settings')}
        </h2>
        <ProjectField label={t('projects.home.rename')} maxLength={MAX_NAME_CHARS} value={project.name} onSave={(name) => name.trim() && saveProject(project.id, { name: name.trim() })} />
        <ProjectField label={t('projects.home.description')} maxLength={MAX_TEXT_FIELD_CHARS} value={project.description ?? ''} onSave={(description) => saveProject(project.id, { description })} multiline />
        <ProjectField
          label={t('projects.home.instructions')}
          help={t('projects.home.instructionsHelp')}
          maxLength={MAX_TEXT_FIELD_CHARS}
          value={project.instructions ?? ''}
          onSave={(instructions) => saveProject(project.id, { instructions })}
          multiline
        />
        <ProjectToolServers project={project} />
        {library.presets.length > 0 && (
          <div className="project-field">
            <label htmlFor={presetId} className="project-field__label">
              {t('projects.home.preset')}
            </label>
            <select id={presetId} className="project-field__input" value={project.presetId ?? ''} onChange={choosePreset}>
              <option value="">{t('projects.home.noPreset')}</option>
              {library.presets.map((preset) => (
                <option key={preset.id} value={preset.id}>
                  {preset.name}
                </option>
              ))}
            </select>
          </div>
        )}
      </section>
    </section>
  );
}

/**
 * The home page with a project chosen (`/?project=<id>`, issue 23): its name, its chats, its
 * files with their tokens, its instructions and settings, and a composer that starts chats in it.
 * An id that names no project says so, with the way home.
 */
export default function ProjectHome({ id }: { id: string }) {
  const library = useLibrary();
  const project = library.projects.find((p) => p.id === id);
  if (!library.loaded) {
    return (
      <>
        <MenuBar />
        <p className="project-home__loading" role="status" aria-busy="true">
          {t('projects.home.loading')}
        </p>
      </>
    );
  }
  if (!project) {
    return (
      <>
        <MenuBar />
        <section className="home-page project-home" aria-labelledby="project-heading" data-state="unknown">
          <h1 id="project-heading" className="project-home__name" tabIndex={-1}>
            {t('projects.home.unknown')}
          </h1>
          <p className="project-home__unknown">{t('projects.home.unknownHelp')}</p>
          <p>
            <Link to={paths.home.href()} className="project-home__home">
              {t('projects.home.goHome')}
            </Link>
          </p>
        </section>
      </>
    );
  }
  return (
    <>
      <MenuBar />
      <KnownProject key={project.id} project={project} />
    </>
  );
}
