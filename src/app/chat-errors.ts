import { useEffect, useRef } from 'react';
import { getChatStore, type ChatStoreEvent } from '../chat';
import { t } from '../i18n';
import { formatBytes } from '../lib/format-bytes';
import { paths } from '../pages/paths';
import { loadModelErrorExplainer, modelKind, type ExplainModelError } from '../pages/shared';
import { matchPattern, useLocation, useNavigate } from '../router';
// The store alone: the toast index would bring the toasts' renderer into the first screen.
import { toast, type ToastOptions } from '../ui/toast/toast-store';

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

/** One toast for the storage-full warning and its all-clear. */
export const STORAGE_TOAST_ID = 'storage-full';

let explain: ExplainModelError | undefined;

/**
 * The model error explanations (and their strings, the catalogue's largest area), fetched with
 * the first failed reply rather than with the first screen (issue 12).
 */
export async function loadErrorExplanations(): Promise<void> {
  explain ??= await loadModelErrorExplainer();
}

/** The toast for an event, or null when none is wanted. A model error needs loadErrorExplanations() first. */
export function toastForChatEvent(event: ChatStoreEvent, context: ChatEventContext): ToastOptions | null {
  switch (event.kind) {
    case 'storage-unavailable':
      return {
        id: 'storage-unavailable',
        color: 'warning',
        icon: 'lucide:database-zap',
        title: t('error.storage.unavailable.title'),
        description: t('error.storage.unavailable.body'),
        duration: 0,
      };
    case 'storage-full': {
      const usage = event.usage && t('error.storage.full.usage', { used: formatBytes(event.usage.used), quota: formatBytes(event.usage.quota) });
      return {
        id: STORAGE_TOAST_ID,
        color: 'error',
        icon: 'lucide:hard-drive',
        title: t('error.storage.full.title'),
        description: usage ? `${usage} ${t('error.storage.full.body')}` : t('error.storage.full.body'),
        duration: 0,
        actions: [{ label: t('error.storage.retry'), onClick: () => void getChatStore().retrySaves() }],
      };
    }
    case 'storage-saved':
      // The same toast, so the warning turns into the all-clear instead of lingering beside it.
      return { id: STORAGE_TOAST_ID, color: 'success', icon: 'lucide:check', title: t('error.storage.saved.title'), description: t('error.storage.saved.body') };
    case 'storage-failed':
      return {
        id: `storage-failed-${event.operation}`,
        color: 'error',
        icon: 'lucide:triangle-alert',
        title: t(event.unavailable ? 'error.storage.closed.title' : 'error.storage.failed.title'),
        description: event.unavailable ? t('error.storage.closed.body') : event.message,
        duration: 0,
      };
    case 'model-error': {
      if (event.chatId === context.chatOnScreen) return null;
      const chat = getChatStore().getSnapshot().chats.find((c) => c.id === event.chatId);
      // A chat deleted while its reply failed has nothing left to open.
      if (!chat || !explain) return null;
      const explained = explain({ ...event, kind: modelKind(chat.model), origin: location.origin });
      return {
        id: chatErrorToastId(event.chatId),
        color: 'error',
        icon: 'lucide:circle-alert',
        title: t('chat.errorToast.title', { chat: chat.title, problem: explained.title }),
        // What happened and what to do; the message in the chat keeps the details.
        description: explained.fix ? `${explained.body} ${explained.fix}` : explained.body,
        duration: 0,
        actions: [{ label: t('chat.errorToast.open'), onClick: () => context.openChat(event.chatId) }],
      };
    }
    default:
      return null;
  }
}

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
        const show = () => {
          const options = toastForChatEvent(event, context.current);
          if (options) toast.add(options);
        };
        if (event.kind !== 'model-error' || event.chatId === context.current.chatOnScreen) return show();
        // A file that cannot load (a redeploy removed it) leaves the inline card to explain.
        loadErrorExplanations().then(show, () => {});
      }),
    [],
  );
}
