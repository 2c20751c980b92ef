import { getChatStore, type ChatStoreEvent } from '../chat';
import { t } from '../i18n';
import { explainModelError, modelKind } from '../pages/shared';
import type { ToastOptions } from '../ui/toast';


/** Turns a chat-store event into a toast; stream errors stay until closed (SPEC B6). */
export function toastForChatEvent(event: ChatStoreEvent): ToastOptions {
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
    case 'storage-full':
      return {
        id: 'storage-full',
        color: 'error',
        icon: 'lucide:hard-drive',
        title: t('error.storage.full.title'),
        description: t('error.storage.full.body'),
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
    case 'model-error': {
      const chat = getChatStore().getSnapshot().chats.find((c) => c.id === event.chatId);
      const explained = explainModelError({ ...event, kind: modelKind(chat?.model), origin: location.origin });
      return {
        id: `model-error-${event.messageId}`,
        color: 'error',
        icon: 'lucide:circle-alert',
        title: explained.title,
        // The toast says what happened and what to do; the message in the chat keeps the details.
        description: explained.fix ? `${explained.body} ${explained.fix}` : explained.body,
        duration: 0,
      };
    }
  }
}
