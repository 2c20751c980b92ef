import { getChatStore, type ChatStoreEvent } from '../chat';
import { registerMessages, t } from '../i18n';
import { storageErrors } from '../i18n/en/storage-errors';
import { loadModelErrorExplainer, modelKind, type ExplainModelError } from '../pages/shared';
import type { ToastOptions } from '../ui/toast/toast-store';
export { noticeStorageEvent } from '../pages/shared/storage-notice-events';
import { chatErrorToastId, type ChatEventContext } from './chat-errors';

// What each store event says, with its strings: loaded with the first event (chat-errors.ts),
// not with the first screen, which raises none when all is well (issue 12).
registerMessages(storageErrors);

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
    case 'storage-failed':
      return {
        id: `storage-failed-${event.operation}`,
        color: 'error',
        icon: 'lucide:triangle-alert',
        title: t(event.unavailable ? 'error.storage.closed.title' : 'error.storage.failed.title'),
        description: event.unavailable ? t('error.storage.closed.body') : event.message,
        duration: 0,
      };
    // Said beside the chat's thread (pages/chat/compaction/compaction-status.ts).
    case 'compaction-failed':
      return null;
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

