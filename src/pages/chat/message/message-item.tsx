import { memo, Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import { withChunkStyles } from '../../../lib/chunk-styles';
import { lazyPart } from '../../../ui/lazy-part';
import { getChatStore, useUnsavedMessage, type Message, type MessageRole } from '../../../chat';
import { useTurnSources } from './use-turn-sources';
import { t, type MessageKey } from '../chat-text';
import { AssistantContent } from './assistant-content';
import { useCitationView } from './use-citation-view';
import { BranchNav } from './branch-nav';
import { copyText, deleteMessageWithUndo } from '../chat-commands';
import { MessageActions, PIN_ICON } from './message-actions';
import { CompactionMarker } from '../compaction/compaction-marker';
import { runCompaction } from '../compaction/compaction-status';
import { Icon } from '../../../ui/icon';
import { MessageEditor } from './message-editor';
import { MessageStats } from './message-stats';
import { MessageStatus } from './message-status';
import { ReasoningBlock } from './reasoning-block';
import { ReplyModel } from './reply-model';
import { ReplyNotes } from './reply-notes';
import { ToolCallList } from '../tools/tool-call-list';
import { ToolResultView } from '../tools/tool-result-view';
import { NeedsConnection, UnsavedMark } from '../../shared';
import { useThreadServices } from '../thread/thread-context';
import { requestCompare } from '../compare/compare-request';
import { ReadAloud } from './read-aloud/read-aloud';
import './message.css';

// The attachments' kit (and its stylesheet) loads with the first message that has files.
const importMessageFiles = withChunkStyles('message-files', () => import('./message-files'));
const MessageFiles = lazyPart(() => importMessageFiles().then((module) => ({ default: module.MessageFiles })), NeedsConnection);
const EditedFiles = lazyPart(() => importMessageFiles().then((module) => ({ default: module.EditedFiles })), NeedsConnection);

const ROLE_LABELS: Record<MessageRole, MessageKey> = {
  user: 'chat.message.you',
  assistant: 'chat.message.assistant',
  system: 'chat.message.system',
  tool: 'chat.message.tool',
};

/** What a tap may land on without meaning "show this message's actions": a control, or text being selected. */
const INTERACTIVE = 'a, button, input, textarea, select, summary, label, [role="button"], [tabindex]';

/**
 * Whether a click (a tap) on `target` inside a message toggles its actions, as phone chat apps do:
 * not when it pressed a control, and not when it ended a text selection.
 */
export function revealsActions(target: EventTarget, item: Element): boolean {
  if (!(target instanceof Element)) return false;
  const control = target.closest(INTERACTIVE);
  if (control && item.contains(control)) return false;
  return document.getSelection()?.isCollapsed ?? true;
}

export interface MessageItemProps {
  message: Message;
  /** Its place among its versions, for `‹ 2/3 ›`. Plain values, so memo compares them cheaply. */
  branchIndex: number;
  branchTotal: number;
  previousId?: string;
  nextId?: string;
  /**
   * One answer of a comparison (issue 38), in its column: not a list item of its own, its name
   * and figures in the column's head; `blind`, no model named anywhere (no actions either: the
   * Regenerate menu's list would give the model away by leaving it out).
   */
  column?: 'named' | 'blind';
}

/**
 * One message of the thread. Memoised: while a reply streams only that reply's props change,
 * so the rest of the thread doesn't render again.
 */
export const MessageItem = memo(function MessageItem(props: MessageItemProps) {
  return props.message.compaction ? <CompactionMarker message={props.message} /> : <ThreadMessage {...props} />;
});

function ThreadMessage({ message, branchIndex, branchTotal, previousId, nextId, column }: MessageItemProps) {
  const services = useThreadServices();
  const [editing, setEditing] = useState(false);
  /** Tapped open on a touch screen, where older messages keep their actions and figures folded away (message.css). */
  const [actionsShown, setActionsShown] = useState(false);
  /** While editing: the ids of the files the new version keeps. */
  const [kept, setKept] = useState<readonly string[]>([]);
  const files = message.attachments ?? [];
  const editRef = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  const returnFocus = useRef(false);
  const streaming = message.status === 'streaming';
  // What a finished reply gains (its figures, its actions) renders just after the update that
  // finished it, so the reply's last words reach the screen without waiting for its toolbar.
  const showFinished = !useDeferredValue(streaming);
  const isUser = message.role === 'user';
  // A reply whose calls wait for approval or run is not over: Stop (in the composer) is its action.
  const callsOpen = message.toolCalls?.some((call) => call.state === 'pending' || call.state === 'running') ?? false;
  // A reply that cites or searched (issue 37) shows through the citation view, loaded with the first
  // such reply; while it streams under search results, its [n] are read as it goes (stored once it finishes).
  const turnSources = useTurnSources(message);
  const citationView = useCitationView(
    message.role === 'assistant' && ((message.citations?.length ?? 0) > 0 || turnSources.length > 0 || (message.searches?.length ?? 0) > 0),
  );
  // Storage refused this message (disk full): it stays here, marked, and is saved once there is room.
  const unsaved = useUnsavedMessage(message.id);

  useEffect(() => {
    if (editing || !returnFocus.current) return;
    returnFocus.current = false;
    editRef.current?.focus();
  }, [editing]);

  const afterReply = () => {
    services.follow();
    services.focusComposer();
  };
  const continueReply = () => {
    if (getChatStore().continueReply(message.id)) afterReply();
  };
  const regenerate = (model?: string) => {
    if (getChatStore().regenerate(message.id, { model }) !== undefined) afterReply();
  };
  const resendWithoutImages = () => {
    void getChatStore()
      .resendWithoutImages(message.id)
      .then((id) => id !== undefined && afterReply());
  };
  const resendWithoutTools = () => {
    if (getChatStore().resendWithoutTools(message.id) !== undefined) afterReply();
  };
  const startEdit = () => {
    setKept(files.map((file) => file.id));
    setEditing(true);
  };
  useEffect(() => (isUser ? services.onEditRequest(message.id, startEdit) : undefined));
  const saveEdit = (text: string) => {
    setEditing(false);
    void getChatStore()
      .editMessage(message.id, text, { keepAttachments: kept })
      .then((id) => id !== undefined && afterReply());
  };
  const cancelEdit = () => {
    returnFocus.current = true;
    setEditing(false);
  };
  // Confirmed in place (the button turns into a check named "Copied"), and said once through the
  // page's status line: a new accessible name alone is not announced.
  const copy = async () => {
    const copied = await copyText(message.content, { toastSuccess: false });
    if (copied) services.announce(t('chat.copy.done'));
    return copied;
  };
  const togglePin = () => void getChatStore().compaction().then((actions) => actions.setPinned(message.id, !message.pinned));
  const summarise = () => void runCompaction(message.chatId, { upTo: message.id });
  const remove = async () => {
    services.focusThread();
    await deleteMessageWithUndo(message.id);
  };

  return (
    <div
      className="thread__item"
      role={column ? undefined : 'listitem'}
      data-role={message.role}
      data-message-id={message.id}
      data-actions={actionsShown ? 'shown' : undefined}
      onClick={(event) => {
        if (!revealsActions(event.target, event.currentTarget)) return;
        setActionsShown((shown) => !shown);
      }}
    >
      <article className="message" data-role={message.role} data-state={editing ? 'editing' : message.status} aria-label={t(ROLE_LABELS[message.role])}>
        {message.reasoning && <ReasoningBlock message={message} />}
        {citationView && message.searches && message.searches.length > 0 && <citationView.SearchSteps steps={message.searches} />}
        {editing ? (
          <MessageEditor
            initialText={message.content}
            onSave={saveEdit}
            onCancel={cancelEdit}
            canSaveEmpty={kept.length > 0}
            files={
              files.length > 0
                ? (focusText) => (
                    <Suspense fallback={null}>
                      <EditedFiles
                        files={files.filter((file) => kept.includes(file.id))}
                        onRemove={(id) => setKept((ids) => ids.filter((keptId) => keptId !== id))}
                        onFocusEmpty={focusText}
                      />
                    </Suspense>
                  )
                : undefined
            }
          />
        ) : isUser ? (
          <>
            {files.length > 0 && (
              <Suspense fallback={null}>
                <MessageFiles files={files} />
              </Suspense>
            )}
            {(message.content !== '' || files.length === 0) && (
              <div className="message-text" data-format="plain" dir="auto">
                {message.content}
              </div>
            )}
          </>
        ) : message.role === 'tool' ? (
          <ToolResultView
            message={message}
            files={
              files.length > 0 && (
                <Suspense fallback={null}>
                  <MessageFiles files={files} />
                </Suspense>
              )
            }
          />
        ) : citationView ? (
          <citationView.CitedReply message={message} turnSources={turnSources} />
        ) : (
          <AssistantContent text={message.content} streaming={streaming} messageId={message.id} />
        )}
        <ToolCallList calls={message.toolCalls} messageId={message.id} />
        <MessageStatus
          message={message}
          onRetry={() => regenerate()}
          onContinue={continueReply}
          onResendWithoutImages={resendWithoutImages}
          onResendWithoutTools={resendWithoutTools}
        />
        {message.role === 'assistant' && !streaming && showFinished && !column && <MessageStats message={message} />}
        {message.role === 'assistant' && showFinished && <ReplyNotes message={message} />}
        {!editing && (
          <footer className="message__footer">
            {message.role === 'assistant' && message.model && !column && <ReplyModel model={message.model} />}
            {unsaved && <UnsavedMark />}
            {message.pinned && (
              <span className="message__pin" role="img" aria-label={t('compaction.pinned')} title={t('compaction.pinned')}>
                <Icon name={PIN_ICON} />
              </span>
            )}
            {branchTotal > 1 && (
              <BranchNav parentId={message.parentId} index={branchIndex} total={branchTotal} previousId={previousId} nextId={nextId} />
            )}
            {/* From the first token: a reply is read aloud while it streams, before its actions appear. */}
            {message.role === 'assistant' && (streaming || message.content.trim() !== '') && (
              <ReadAloud chatId={message.chatId} messageId={message.id} announce={services.announce} />
            )}
            {/* A tool's result is the tool's, not a message to edit, regenerate or take out of the chain. */}
            {!streaming && showFinished && !callsOpen && message.role !== 'tool' && column !== 'blind' && (
              <MessageActions
                role={message.role}
                editRef={editRef}
                onCopy={copy}
                onEdit={startEdit}
                onRegenerate={regenerate}
                onCompare={message.role === 'assistant' ? (trigger) => requestCompare({ chatId: message.chatId, replyId: message.id, returnTo: trigger }) : undefined}
                model={message.model}
                onDelete={remove}
                pinned={message.pinned === true}
                onTogglePin={togglePin}
                onSummarise={summarise}
              />
            )}
          </footer>
        )}
      </article>
    </div>
  );
}
