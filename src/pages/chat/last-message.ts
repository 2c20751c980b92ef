import { chatById, getChatStore, type Message, type MessageRole } from '../../chat';
import { indexMessages, resolveLeaf, threadEntries } from '../../chat/shapes';

/**
 * The last message of a role on the branch the chat shows: what "copy the last reply" copies and
 * what ↑ in an empty message box edits. Read from the store when the key is pressed, not kept.
 */
export function lastMessageOnPath(chatId: string, role: MessageRole): Message | undefined {
  const snapshot = getChatStore().getSnapshot();
  const messages = snapshot.messages.get(chatId);
  if (!messages || messages.length === 0) return undefined;
  const index = indexMessages(messages);
  const entries = threadEntries(index, resolveLeaf(index, chatById(snapshot.chats, chatId)?.currentLeafId));
  for (let i = entries.length - 1; i >= 0; i--) {
    const { message } = entries[i]!;
    if (message.role === role) return message;
  }
  return undefined;
}
