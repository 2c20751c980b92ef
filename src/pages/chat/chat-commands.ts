import { getChatStore, type Chat } from '../../chat';
import { t } from './chat-text';
import { toast } from '../../ui/toast/toast-store';
import { undoAction } from '../../ui/toast/undo-hotkey';

/** The chat page's actions that end in a toast: the outcome is always said, failures included. */

export const COPIED_ICON = 'lucide:check';
export const DELETED_ICON = 'lucide:trash-2';
export const FAILED_ICON = 'lucide:circle-alert';

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Copies `text`; a failure is always a toast (it says why). Success is a toast only when asked
 * (the Ctrl+Shift+C shortcut has no button to show it): a Copy button confirms in place (issue 33).
 */
export async function copyText(text: string, { toastSuccess = true } = {}): Promise<boolean> {
  try {
    // Missing outside secure contexts: that is a failure to report like any other.
    if (!navigator.clipboard) throw new Error(t('chat.copy.unavailable'));
    await navigator.clipboard.writeText(text);
    if (toastSuccess) toast.add({ title: t('chat.copy.done'), icon: COPIED_ICON, color: 'success' });
    return true;
  } catch (error) {
    toast.add({ title: t('chat.copy.failed'), description: reason(error), icon: FAILED_ICON, color: 'error' });
    return false;
  }
}

/** Deletes a message with its replies; the toast's Undo puts them back. */
export async function deleteMessageWithUndo(messageId: string): Promise<void> {
  const undo = await getChatStore().deleteMessage(messageId);
  toast.add({
    title: t('chat.message.deleted'),
    icon: DELETED_ICON,
    actions: [undoAction(t('chat.undo'), () => void undo())],
  });
}

/**
 * Deletes a chat (the page has already left it); Undo brings it back and returns to it.
 * `reopen` runs after the chat is restored.
 */
export async function deleteChatWithUndo(chatId: string, reopen: () => void): Promise<void> {
  const undo = await getChatStore().deleteChat(chatId);
  toast.add({
    title: t('chat.deleted'),
    icon: DELETED_ICON,
    actions: [undoAction(t('chat.undo'), () => void undo().then(reopen))],
  });
}
