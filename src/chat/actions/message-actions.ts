import type { MessageActions, ReplyActions, Undo } from '../store';
import type { StoreCore } from '../state';
import { withEntry } from '../state';
import { compareMessages, defaultLeaf, indexMessages, latestLeaf, subtreeIds } from '../shapes';
import { noUndo, once } from './undo';

/** Moving between branches and deleting a message with its replies. */

export function createMessageActions(core: StoreCore, replies: ReplyActions): MessageActions {
  return {
    async selectBranch(chatId, messageId) {
      const list = core.messagesOf(chatId);
      const leaf = list && latestLeaf(indexMessages(list), messageId);
      const chat = core.chat(chatId);
      if (!leaf || (chat?.currentLeafId === leaf && !chat.comparing)) return;
      // Browsing branches isn't activity: updatedAt (the history order) stays. Choosing closes a
      // comparison (issue 38: "Continue with this one"): the thread goes on from the branch chosen.
      const patch = { currentLeafId: leaf, ...(chat?.comparing && { comparing: undefined }) };
      core.patchChat(chatId, patch);
      const stored = await core.write(chatId, 'update-chat', (p) => p.patchChat(chatId, patch));
      if (stored) core.announce({ type: 'chat', chatId });
    },

    async deleteMessage(messageId) {
      const target = core.findMessage(messageId);
      if (!target) return noUndo;
      const { chatId } = target;
      const ids = subtreeIds(indexMessages(core.messagesOf(chatId) ?? []), messageId);
      const doomed = new Set(ids);
      // Settle streaming replies first, so Undo brings back the text that arrived.
      for (const id of ids) replies.stop(id);
      const list = core.messagesOf(chatId) ?? [];
      const removed = list.filter((m) => doomed.has(m.id));
      const remaining = list.filter((m) => !doomed.has(m.id));
      const previousLeaf = core.chat(chatId)?.currentLeafId;
      const index = indexMessages(remaining);
      let nextLeaf = previousLeaf;
      if (nextLeaf === undefined || !index.byId.has(nextLeaf)) {
        nextLeaf = target.parentId !== null && index.byId.has(target.parentId) ? latestLeaf(index, target.parentId) : defaultLeaf(index);
      }
      core.update((s) => ({ messages: withEntry(s.messages, chatId, remaining) }));
      core.patchChat(chatId, { currentLeafId: nextLeaf });
      const removedRows = (await core.write(chatId, 'delete-messages', (p) => p.deleteMessages(chatId, ids, { currentLeafId: nextLeaf }))) || [];
      core.announce({ type: 'messages', chatId });

      return once(async () => {
        // The chat may have been deleted since; then there is nothing to put the messages back into.
        const current = core.messagesOf(chatId);
        if (!current || !core.chat(chatId)) return;
        const present = new Set(current.map((m) => m.id));
        const show = () => {
          const restoredList = [...core.messagesOf(chatId)!, ...removed.filter((m) => !present.has(m.id))].sort(compareMessages);
          core.update((s) => ({ messages: withEntry(s.messages, chatId, restoredList) }));
          return core.patchChat(chatId, { currentLeafId: previousLeaf })!;
        };
        if (removedRows.length === 0) {
          const chat = show();
          await core.write(chatId, 'restore-chat', (p) => p.restoreChat(chat, removed, undefined, removedRows));
        } else {
          // Files first: a thumbnail shown with its message reads the bytes at once, so they must be back.
          const chat = { ...core.chat(chatId)!, currentLeafId: previousLeaf };
          await core.write(chatId, 'restore-chat', (p) => p.restoreChat(chat, removed, undefined, removedRows));
          if (core.messagesOf(chatId) && core.chat(chatId)) show();
        }
        core.announce({ type: 'messages', chatId });
      });
    },
  };
}
