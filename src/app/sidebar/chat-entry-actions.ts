import { createContext, useContext, useMemo } from 'react';
import { getChatStore, type Chat } from '../../chat';
import { t } from './chat-entry-text';
import { paths } from '../../pages/paths';
import { stripBase, useRouter } from '../../router';
import { toast } from '../../ui/toast/toast-store';
import { undoAction } from '../../ui/toast/undo-hotkey';

/**
 * What a history entry's menu does. One object for the whole list, with a stable identity,
 * so memoised entries don't re-render when the layout does.
 */

export const DELETED_ICON = 'lucide:trash-2';

export interface ChatEntryActions {
  rename(chatId: string, title: string): void;
  togglePin(chat: Chat): void;
  remove(chat: Chat): void;
  /** "Move to project…": asks which project (issue 23); absent where there are no projects to offer. */
  chooseProject?(chat: Chat): void;
  /** "Remove from project". */
  leaveProject?(chat: Chat): void;
}

export function useChatEntryActionsValue(): ChatEntryActions {
  const { navigate, history, base } = useRouter();
  return useMemo(() => {
    // Read when an action runs, not when the list rendered: the user may have moved on since.
    const currentPath = () => stripBase(history.getSnapshot().pathname, base);
    return {
      rename: (chatId, title) => void getChatStore().renameChat(chatId, title),
      togglePin: (chat) => void getChatStore().pinChat(chat.id, !chat.pinned),
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
              undoAction(t('nav.undo'), () => {
                // Back to the chat it was reading, unless the user has gone somewhere else since.
                void undo().then(() => {
                  if (wasOpen && currentPath() === paths.home.href()) navigate(href);
                });
              }),
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
