import { createContext, useContext, useMemo } from 'react';
import { chatById, getChatStore, type Chat } from '../../chat';
import { exportFileName } from '../../chat/export';
import { t } from './chat-entry-text';
import { downloadJson } from '../../lib/download-file';
import { paths } from '../../pages/paths';
import { stripBase, useRouter } from '../../router';
import { toast } from '../../ui/toast/toast-store';

/**
 * What a history entry's menu does. One object for the whole list, with a stable identity,
 * so memoised entries don't re-render when the layout does.
 */

export const DELETED_ICON = 'lucide:trash-2';
export const EXPORTED_ICON = 'lucide:download';
export const FAILED_ICON = 'lucide:circle-alert';

export interface ChatEntryActions {
  rename(chatId: string, title: string): void;
  togglePin(chat: Chat): void;
  exportChat(chat: Chat): void;
  remove(chat: Chat): void;
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Downloads the chat with every branch and its attached files (base64) as versioned JSON, read from storage. */
export async function exportChatFile(chat: Chat): Promise<void> {
  try {
    const store = getChatStore();
    const data = await store.exportChat(chat.id);
    if (!data) throw new Error(t('nav.exportGone'));
    const current = chatById(store.getSnapshot().chats, chat.id) ?? chat;
    downloadJson(data, exportFileName(current.title));
    toast.add({ title: t('nav.exported'), description: current.title, icon: EXPORTED_ICON, color: 'success' });
  } catch (error) {
    toast.add({ title: t('nav.exportFailed'), description: reason(error), icon: FAILED_ICON, color: 'error' });
  }
}

export function useChatEntryActionsValue(): ChatEntryActions {
  const { navigate, history, base } = useRouter();
  return useMemo(() => {
    // Read when an action runs, not when the list rendered: the user may have moved on since.
    const currentPath = () => stripBase(history.getSnapshot().pathname, base);
    return {
      rename: (chatId, title) => void getChatStore().renameChat(chatId, title),
      togglePin: (chat) => void getChatStore().pinChat(chat.id, !chat.pinned),
      exportChat: (chat) => void exportChatFile(chat),
      remove(chat) {
        const href = paths.chat.href(chat.id);
        const wasOpen = currentPath() === href;
        // The store drops the chat from the list at once; leave its page before it says "not found".
        const deleting = getChatStore().deleteChat(chat.id);
        if (wasOpen) navigate(paths.home.href());
        void deleting.then((undo) => {
          toast.add({
            title: t('nav.deleted'),
            description: chat.title,
            icon: DELETED_ICON,
            actions: [
              {
                label: t('nav.undo'),
                onClick: () => {
                  // Back to the chat it was reading, unless the user has gone somewhere else since.
                  void undo().then(() => {
                    if (wasOpen && currentPath() === paths.home.href()) navigate(href);
                  });
                },
              },
            ],
          });
        });
      },
    };
  }, [navigate, history, base]);
}

export const ChatEntryActionsContext = createContext<ChatEntryActions | null>(null);

export function useChatEntryActions(): ChatEntryActions {
  const actions = useContext(ChatEntryActionsContext);
  if (!actions) throw new Error('History entries need a ChatEntryActionsContext provider');
  return actions;
}
