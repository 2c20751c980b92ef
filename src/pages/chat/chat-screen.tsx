import { CompareDialogHost } from './compare/compare-dialog-host';
import { requestCompare } from './compare/compare-request';
import { setPickerActions } from '../shared/model-picker-actions';
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState, type MouseEvent } from 'react';
import { CompactionNotice } from './compaction/compaction-notice';
import { getChatStore, type Chat } from '../../chat';
import { t } from './chat-text';
import { useLocation } from '../../router';
import { Button } from '../../ui/button';
import { StorageNoticeSlot, useArrivalFocus } from '../shared';
import { ChatComposer } from './composer/chat-composer';
import { ChatHeader } from './header/chat-header';
import { CHAT_LOADING_DELAY_MS, ChatLoadingNote } from './chat-loading';
import { Thread } from './thread/thread';
import { useChatHotkeys } from './chat-hotkeys';
import { copyText } from './chat-commands';
import { lastMessageOnPath } from './last-message';
import { ThreadContext, type ThreadServices } from './thread/thread-context';
import { useDelayedFlag } from '../../lib/use-delayed-flag';
import { useFollowScroll } from './thread/use-follow-scroll';
import { TOAST_DROP_PROPERTY, useToastLift } from './use-toast-lift';
import { useMessageTarget } from './thread/use-message-target';
import { chatMessageTarget } from '../paths';
import { ArtifactPanelHost } from './artifact/artifact-panel-host';
import { AskToFixContext, fixRequestText, sendFixRequest, type AskToFix } from './artifact/ask-to-fix';
import { artifactPanel } from './artifact/artifact-panel-store';

export const JUMP_TO_LATEST_ICON = 'lucide:arrow-down';
/** A focus hand-over between versions of a message is forgotten after this long if nothing takes it. */
export const FOCUS_REQUEST_TTL_MS = 1000;

export interface ChatScreenProps {
  chat: Chat;
  /** False while the messages are loading (the chat itself is known). */
  ready: boolean;
  onDelete(): void;
}

/** A known chat: top bar, thread, and the composer docked at the bottom. */
export const ChatScreen = memo(function ChatScreen({ chat, ready, onDelete }: ChatScreenProps) {
  const chatId = chat.id;
  const headingId = useId();
  const threadRef = useRef<HTMLDivElement>(null);
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const dockRef = useRef<HTMLDivElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  useToastLift(dockRef);
  useToastLift(headerRef, TOAST_DROP_PROPERTY);
  const location = useLocation();
  // A search hit opens the chat at its message; back and forward restore the reader's place (the router does); any other visit opens at the latest.
  const targetId = chatMessageTarget(location.search);
  const scroll = useFollowScroll(threadRef, location.action === 'pop', targetId !== undefined, dockRef);
  const [announcement, setAnnouncement] = useState('');
  const showLoading = useDelayedFlag(!ready, CHAT_LOADING_DELAY_MS);
  // Opening a chat (from the sidebar, search, or home after sending) leaves the user ready to type.
  useArrivalFocus(composerRef, true, chatId);
  useMessageTarget(threadRef, chatId, targetId, ready);

  const services = useMemo<ThreadServices>(() => {
    const requests = new Set<string>();
    const editors = new Map<string, () => void>();
    return {
      chatId,
      follow: scroll.follow,
      focusThread: () => threadRef.current?.focus({ preventScroll: true }),
      focusComposer: () => composerRef.current?.focus({ preventScroll: true }),
      announce: setAnnouncement,
      requestFocus(key) {
        requests.add(key);
        setTimeout(() => requests.delete(key), FOCUS_REQUEST_TTL_MS);
      },
      takeFocus: (key) => requests.delete(key),
      requestEdit: (messageId) => editors.get(messageId)?.(),
      onEditRequest(messageId, listener) {
        editors.set(messageId, listener);
        return () => {
          if (editors.get(messageId) === listener) editors.delete(messageId);
        };
      },
    };
  }, [chatId, scroll.follow]);

  // An artifact's error, sent as the next message: the thread follows its reply, and a panel over the
  // whole screen closes so the reply can be seen (beside the thread it stays).
  const askToFix = useCallback<AskToFix>(
    (error, language) => {
      if (document.querySelector('.artifact-panel--overlay')) artifactPanel.close();
      scroll.follow();
      void sendFixRequest(chatId, fixRequestText(error, language));
    },
    [chatId, scroll.follow],
  );

  // The first reply of a chat created on the home page is asked for here, where it is shown.
  // The store hands the request out once, so StrictMode's second effect and remounts ask nothing.
  useEffect(() => {
    if (ready && getChatStore().takePendingReply(chatId)) scroll.follow();
  }, [chatId, ready, scroll.follow]);

  useEffect(() => {
    document.title = `${chat.title} · ${t('app.name')}`;
  }, [chat.title]);

  // The model picker lists "Compare models…" while this chat is shown (issue 38).
  useEffect(() => setPickerActions([{ id: 'compare', label: t('compare.open'), run: () => requestCompare({ chatId, returnTo: document.activeElement as HTMLElement | null }) }]), [chatId]);

  useChatHotkeys({
    'copy-last-reply': () => {
      const reply = lastMessageOnPath(chatId, 'assistant');
      if (reply && reply.status !== 'streaming') void copyText(reply.content);
    },
    'focus-composer': () => composerRef.current?.focus(),
  });
  /** ↑ in an empty message box: your last message opens for editing, as in ChatGPT. */
  const editLast = () => {
    const mine = lastMessageOnPath(chatId, 'user');
    if (!mine) return false;
    services.requestEdit(mine.id);
    return true;
  };

  const jumpToLatest = (event: MouseEvent) => {
    scroll.jumpToLatest();
    // The button goes away once following: a keyboard user (a click with no pointer, detail 0)
    // keeps focus in a useful place; a tap doesn't open the on-screen keyboard.
    if (event.detail === 0) composerRef.current?.focus({ preventScroll: true });
  };

  return (
    <AskToFixContext.Provider value={askToFix}>
    <section className="chat-page" aria-labelledby={headingId} aria-busy={!ready || undefined}>
      <ChatHeader chat={chat} headingId={headingId} ready={ready} onDelete={onDelete} headerRef={headerRef} />
      <div className="chat-page__body">
        <ThreadContext.Provider value={services}>
          <Thread ref={threadRef} chatId={chatId} targetId={targetId} onChange={scroll.contentChanged} onFound={scroll.release} />
        </ThreadContext.Provider>
        <CompactionNotice chatId={chatId} />
        {showLoading && <ChatLoadingNote />}
      </div>
      <div ref={dockRef} className="chat-page__dock">
        <div className="chat-page__dock-inner">
          {!scroll.following && (
            <Button className="chat-page__jump" size="sm" variant="outline" color="neutral" icon={JUMP_TO_LATEST_ICON} onClick={jumpToLatest}>
              {t('chat.jumpToLatest')}
            </Button>
          )}
          <StorageNoticeSlot />
          <ChatComposer ref={composerRef} chatId={chatId} onSend={scroll.follow} onEditLast={editLast} />
        </div>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      <ArtifactPanelHost chatId={chatId} onClosed={() => composerRef.current?.focus({ preventScroll: true })} />
      <CompareDialogHost chatId={chatId} />
    </section>
    </AskToFixContext.Provider>
  );
});
