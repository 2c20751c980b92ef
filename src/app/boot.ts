import { configureChatStore, getChatStore } from '../chat';
import { t } from '../i18n';
import { toast } from '../ui/toast';
import { toastForChatEvent } from './chat-errors';

/**
 * Starts the parts that live outside React before the first render: the chat store begins
 * loading the history at once, and its failures become toasts.
 */
export function boot(): void {
  configureChatStore({ untitledTitle: t('chat.untitled') });
  const store = getChatStore();
  store.onError((event) => toast.add(toastForChatEvent(event)));
  void store.init();
}
