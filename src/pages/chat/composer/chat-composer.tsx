import { memo, useCallback, useEffect, useRef, useState, type Ref } from 'react';
import { chatById, getChatStore, useChatStore, useDraftText, useStoppableMessageId } from '../../../chat';
import type { Attachment } from '../../../chat/message-files/index';
import { contextLengthOfModel, modelAcceptsImages, useConnectionsSnapshot, usableDefaultModel } from '../../../chat/connections';
import { useComposedRefs } from '../../../lib/compose-refs';
import { useTextValue } from '../../../lib/text-source';
import { t } from '../chat-text';
import { Button } from '../../../ui/button';
import { Composer } from '../../../ui/composer';
import { requestModelPicker, useComposerFiles, useModelUnavailable } from '../../shared';
import { PromptSlot } from '../../shared/prompt-slot';
import { useServerOutOfReach } from '../../shared/use-server-out-of-reach';
import { watchThreadSelection } from '../../shared/prompts/thread-selection';
import { ToolServersMenu } from './tool-servers-menu';
import { WebSearchNote } from './web-search-note';
import { CompareNote } from '../compare/compare-note';
import { MicButton } from '../../shared/voice/mic-button';
import { TalkButton } from '../voice/talk-button';
import { DictationNote } from '../../shared/voice/dictation-note';
import { finishDictation, startDictation, useDictation } from '../../shared/voice/dictation-store';
import { getMessageQueue } from '../../../chat/queue';
import { enterSends } from '../../../ui/composer/enter-key';
import { QueuedMessages } from './queued-messages';
import { ContextMeter } from './context-meter';
import { runCompaction } from '../compaction/compaction-status';
import type { MeterFigures } from '../../../chat/meter';
import { WHEN_FULL_SETTING, type WhenFull } from '../../../chat/replies/compaction-actions';

/**
 * bench/meter's floor: the same chat page without the meter (`localStorage['parley.bench.meter'] = 'off'`),
 * read once when the chat page loads; nothing else sets it.
 */
const meterShown = (() => {
  try {
    return localStorage.getItem('parley.bench.meter') !== 'off';
  } catch {
    return true;
  }
})();

/** The Queue button's icon: the message goes to the end of the list under the reply. */
const QUEUE_ICON = 'lucide:list-plus';

export interface ChatComposerProps {
  chatId: string;
  /** Runs when a message is sent, before it appears (the page follows the thread to its end). */
  onSend(): void;
  /** ↑ in the empty box: edit your last message. False when there is none (the key does what it always did). */
  onEditLast?(): boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

/**
 * The chat's message box with its own draft and files; Send becomes Stop while a reply streams here or its tool calls wait or run,
 * and Enter (or Queue) then queues the message under the reply (issue 24): it is sent when the reply ends well.
 */
export const ChatComposer = memo(function ChatComposer({ chatId, onSend, onEditLast, ref }: ChatComposerProps) {
  // The draft is the box's alone (issue 34): a keystroke renders nothing here; what depends on it reads it when needed.
  const draft = useDraftText(chatId);
  const stoppableId = useStoppableMessageId(chatId);
  const model = useChatStore((s) => chatById(s.chats, chatId)?.model);
  const snapshot = useConnectionsSnapshot();
  const target = model ?? usableDefaultModel(snapshot);
  // The chat's model lost its connection: Send asks for another model (the draft stays) instead of failing.
  const modelGone = useModelUnavailable(model);
  // Offline with a model server elsewhere (issue 26): the box says so and Send keeps the draft.
  const outOfReach = useServerOutOfReach(model);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const composedRef = useComposedRefs(ref, inputRef);
  const files = useComposerFiles({
    draftKey: chatId,
    text: draft,
    model: target,
    contextLength: contextLengthOfModel(snapshot, target),
    acceptsImages: modelAcceptsImages(snapshot, target),
    focusComposer: () => inputRef.current?.focus(),
  });

  const replying = stoppableId !== undefined;
  // The Queue button shows while a reply streams and there is text: only then does the text's emptiness render this.
  const queueable = useTextValue(draft, (text) => replying && !!text?.trim());
  /** Files asked to wait in the queue: they cannot (only text is kept across a reload), and the note says so. */
  const [filesRefused, setFilesRefused] = useState(false);
  useEffect(() => {
    if (!replying || !files.hasFiles) setFilesRefused(false);
  }, [replying, files.hasFiles]);

  /** Queues the draft behind the streaming reply; the box keeps focus for the next one. */
  const queueDraft = () => {
    const text = (draft.get() ?? '').trim();
    if (files.hasFiles) {
      setFilesRefused(true);
      return;
    }
    if (text === '') return;
    draft.set('');
    inputRef.current?.focus();
    void getMessageQueue()
      .enqueue(chatId, text)
      .then((queued) => {
        // Storage refused it (the store said why): the text comes back to the box.
        if (!queued && !draft.get()) draft.set(text);
      });
  };

  /** Dictated words go into the draft (never straight to the model), after what is there, and the box takes focus. */
  const insertDictated = useCallback(
    (words: string) => {
      const before = draft.get() ?? '';
      draft.set(before.trim() === '' ? words : `${before.replace(/\s+$/, '')} ${words}`);
      const box = inputRef.current;
      box?.focus();
      box?.setSelectionRange(box.value.length, box.value.length);
    },
    [draft],
  );
  // Push-to-talk (issue 39): Space held down in the empty box records; letting it go writes the words
  // in. Held, not pressed: a Space tapped (released before the key repeats) is a space, and never asks
  // for the microphone.
  const dictation = useDictation();
  const talking = dictation.owner === chatId && (dictation.status === 'starting' || dictation.status === 'recording');
  const spaceHeld = useRef<'down' | 'talking' | undefined>(undefined);
  useEffect(() => {
    const box = inputRef.current;
    if (!box) return undefined;
    const up = (event: KeyboardEvent) => {
      if (event.key !== ' ' || !spaceHeld.current) return;
      const was = spaceHeld.current;
      spaceHeld.current = undefined;
      if (was === 'talking') finishDictation();
      else if (box.value === '') draft.set(' ');
    };
    box.addEventListener('keyup', up);
    return () => box.removeEventListener('keyup', up);
  }, [draft]);

  // A prompt's {{selection}} is what was last selected in the thread (clicking into the box moves the browser's selection).
  useEffect(() => watchThreadSelection(), []);

  const sendWithFiles = async (text: string) => {
    const outcome = await files.sendWith((attachments: Attachment[]) => getChatStore().sendMessage(chatId, text, { attachments }));
    if (outcome.status !== 'sent') return;
    // Cleared only once sent: storage full keeps the text with its files (the note under the box says why).
    if (draft.get()?.trim() === text) draft.set('');
    onSend();
  };

  // Past 100 % of the context, Send asks first (the text waits in the box); the user can send anyway.
  // With Settings' automatic choice it does not ask: a summary is made first (said beside the thread,
  // cancellable, the text waiting in the box), then the message goes; leaving out needs no request.
  const focusComposer = useCallback(() => inputRef.current?.focus(), []);
  const meterState = useRef<MeterFigures['state']>('unknown');
  const [overAsked, setOverAsked] = useState<string>();
  /** Send was pressed past 100 % and the automatic choice is being read: a second press waits for it. */
  const checkingFit = useRef(false);
  const onFigures = useCallback((figures: MeterFigures) => {
    meterState.current = figures.state;
    if (figures.state !== 'over') setOverAsked(undefined);
  }, []);
  // As the header's and a message's: one at a time, cancellable, a failure said beside the thread.
  const compact = () => runCompaction(chatId);

  const send = (text: string) => {
    if (modelGone) {
      requestModelPicker();
      return;
    }
    if (files.waiting || outOfReach) return;
    if (meterState.current === 'over' && overAsked !== text) {
      if (checkingFit.current) return;
      checkingFit.current = true;
      void getChatStore()
        .getSetting<WhenFull>(WHEN_FULL_SETTING)
        .then(
          (choice) => (choice === 'summarise' ? summariseThenSend(text) : choice === 'drop' ? deliver(text) : setOverAsked(text)),
          () => setOverAsked(text),
        )
        .finally(() => (checkingFit.current = false));
      return;
    }
    deliver(text);
  };

  const summariseThenSend = async (text: string) => {
    const result = await runCompaction(chatId, { automatic: true });
    // Cancelled, already summarising, or the text changed meanwhile: it waits in the box for Send.
    // A summary that failed is said beside the thread, and the message still goes (as the store's own check does).
    if (!result || (!result.ok && result.reason === 'cancelled') || draft.get()?.trim() !== text.trim()) return;
    deliver(text);
  };

  /** Sends `text` (with the files), as it stands: whatever compaction it still needs is the store's. */
  const deliver = (text: string) => {
    setOverAsked(undefined);
    if (files.hasFiles) {
      void sendWithFiles(text);
      return;
    }
    draft.set('');
    onSend();
    void getChatStore()
      .sendMessage(chatId, text)
      .then((id) => {
        // Not sent (the chat is gone, or storage failed to load it): the text is not lost.
        if (id === undefined) draft.set(text);
      });
  };

  return (
    <>
      <QueuedMessages chatId={chatId} replying={replying} focusComposer={focusComposer} />
      <Composer
        ref={composedRef}
        className="chat-composer"
        text={draft}
        onSubmit={send}
        streaming={stoppableId !== undefined}
        onStop={() => getChatStore().stopChat(chatId)}
        onKeyDown={(event) => {
          const plain = !event.shiftKey && !event.ctrlKey && !event.metaKey && !event.altKey && !event.nativeEvent.isComposing;
          if (event.key === 'Enter' && replying && !event.nativeEvent.isComposing && enterSends(event)) {
            event.preventDefault();
            queueDraft();
            return;
          }
          if (event.key === 'ArrowUp' && plain && event.currentTarget.value === '' && !files.hasFiles && onEditLast?.()) event.preventDefault();
          // Ctrl/⌘+Shift+Space: dictate (a second press stops), as the microphone does.
          if (event.key === ' ' && event.shiftKey && (event.ctrlKey || event.metaKey) && !event.altKey) {
            event.preventDefault();
            if (talking) finishDictation();
            else void startDictation(chatId, true, insertDictated);
            return;
          }
          if (event.key === ' ' && plain && (spaceHeld.current || (event.currentTarget.value === '' && !event.repeat && !files.hasFiles && !talking))) {
            event.preventDefault();
            if (!spaceHeld.current) spaceHeld.current = 'down';
            else if (spaceHeld.current === 'down' && event.repeat) {
              spaceHeld.current = 'talking';
              void startDictation(chatId, false, insertDictated);
            }
          }
        }}
        placeholder={t('chat.composer.placeholder')}
        data-model-state={modelGone ? 'unavailable' : outOfReach ? 'offline' : undefined}
        toolbar={
          <>
            {files.button}
            <MicButton owner={chatId} onText={insertDictated} />
            <TalkButton chatId={chatId} onClosed={focusComposer} />
            <ToolServersMenu chatId={chatId} />
            <WebSearchNote chatId={chatId} />
            <CompareNote chatId={chatId} />
            {replying && (queueable || files.hasFiles) && (
              // Labelled in words (issue 33): an icon alone told a phone user nothing, and a finger has no tooltip.
              <Button size="sm" variant="soft" color="neutral" icon={QUEUE_ICON} onClick={queueDraft}>
                {t('queue.add')}
              </Button>
            )}
          </>
        }
        attachments={files.tray}
        canSendEmpty={files.canSendEmpty}
        onPasteFiles={(pasted) => void files.add(pasted)}
        footer={
          <>
            {meterShown && <ContextMeter chatId={chatId} model={target} draft={draft} draftFileTokens={files.state.totalTokens} onFigures={onFigures} />}
            {overAsked !== undefined && (
              <p className="chat-composer__context" data-state="over" role="alert">
                {t('contextMeter.confirmOver')}{' '}
                <Button variant="link" size="sm" onClick={() => send(overAsked)}>
                  {t('contextMeter.sendAnyway')}
                </Button>
                <Button
                  variant="link"
                  size="sm"
                  // The question goes away with its buttons: focus goes back to the message box, not to <body> (issue 33).
                  onClick={() => (setOverAsked(undefined), focusComposer(), void compact())}
                >
                  {t('contextMeter.summarise')}
                </Button>
              </p>
            )}
            {modelGone && (
              <p className="chat-composer__model-needed" role="status">
                {t('modelPicker.needed')}{' '}
                <Button variant="link" size="sm" onClick={() => requestModelPicker()}>
                  {t('modelPicker.choose')}
                </Button>
              </p>
            )}
            {outOfReach && (
              <p className="chat-composer__offline" role="status">
                {t('offline.unreachable')}
              </p>
            )}
            <DictationNote owner={chatId} />
            {files.notes}
            {filesRefused && (
              <p className="chat-composer__queue-refused" role="status">
                {t('queue.filesRefused')}
              </p>
            )}
          </>
        }
      />
      {files.overlay}
      <PromptSlot text={draft} inputRef={inputRef} />
    </>
  );
});
