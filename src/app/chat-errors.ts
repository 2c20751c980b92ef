import { useEffect, useRef } from 'react';
import { getChatStore } from '../chat';
import { paths } from '../pages/paths';
import { matchPattern, useLocation, useNavigate } from '../router';
// The store alone: the toast index would bring the toasts' renderer into the first screen.
import { toast } from '../ui/toast/toast-store';

/**
 * The chat store's events as toasts. A failed reply in the chat on screen is already explained
 * by the card on the message, so it raises no toast; one in a chat that is not on screen does
 * (SPEC B6): it names the chat, offers "Open chat", and stays until closed or until that chat is
 * opened.
 */

export interface ChatEventContext {
  /** The id of the chat on screen in this tab, if a chat is. */
  chatOnScreen?: string;
  /** Shows a chat (the toast's "Open chat"). */
  openChat(chatId: string): void;
}

/** One toast per chat: a second failure in the same chat updates it rather than stacking another. */
export const chatErrorToastId = (chatId: string): string => `chat-error-${chatId}`;

/** The events' toasts, shown one after another. */
let shown: Promise<void> = Promise.resolve();

/** The chat a path shows, if it is a chat's. */
export function chatIdOfPath(path: string): string | undefined {
  return matchPattern(paths.chat.pattern, path)?.id;
}

/**
 * Shows the chat store's events as toasts, knowing which chat is on screen; a chat's error toast
 * goes away once that chat is opened. Events from before the app mounted are replayed by the store.
 */
export function useChatErrorToasts(): void {
  const navigate = useNavigate();
  const chatOnScreen = chatIdOfPath(useLocation().path);
  const context = useRef<ChatEventContext>({ chatOnScreen, openChat: () => {} });
  context.current = { chatOnScreen, openChat: (chatId) => navigate(paths.chat.href(chatId)) };

  useEffect(() => {
    if (chatOnScreen !== undefined) toast.remove(chatErrorToastId(chatOnScreen));
  }, [chatOnScreen]);

  useEffect(
    () =>
      getChatStore().onError((event) => {
        // One chain, so toasts keep the events' order (storage full, then saved) while the code loads.
        shown = shown
          .then(() => import('./chat-event-toasts'))
          .then(async (module) => {
            // Storage full and its all-clear are said in the page, above the message box (pages/shared/storage-notice).
            if (module.noticeStorageEvent(event)) return;
            const onScreen = event.kind === 'model-error' && event.chatId === context.current.chatOnScreen;
            if (event.kind === 'model-error' && !onScreen) await module.loadErrorExplanations();
            const options = module.toastForChatEvent(event, context.current);
            if (options) toast.add(options);
          })
          // A file that cannot load (a redeploy removed it) leaves the inline card and the unsaved marks to explain.
          .catch(() => {});
      }),
    [],
  );
}

/** The hook as a component that renders nothing: what deferred-chat-errors.tsx mounts once the first screen is up. */
export default function ChatErrorToasts(): null {
  useChatErrorToasts();
  return null;
}
