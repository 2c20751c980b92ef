import { saveMessageWithAttachments, withAttachments } from '../message-files/attachment-send';
import { newId } from '../../lib/ids';
import { tidyMessageText } from '../shapes';
import type { ChatActions, ReplyActions, Undo } from '../store';
import type { StoreCore } from '../state';
import { removeChat, withEntry, withMember } from '../state';
import { autoTitle, clampTitle } from '../shapes';
import { compareMessages } from '../persistence';
import type { Chat, ChatPatch, Message, TitleSource } from '../types';
import { noUndo, once } from './undo';

/** Creating, renaming, pinning and deleting whole chats. */

/** Stored rows overlaid with the (fresher) rows in memory, oldest first. */
function mergeMessages(stored: readonly Message[], inMemory: readonly Message[]): Message[] {
  const byId = new Map(stored.map((message) => [message.id, message]));
  for (const message of inMemory) byId.set(message.id, message);
  return [...byId.values()].sort(compareMessages);
}

export function createChatActions(core: StoreCore, replies: ReplyActions, untitledTitle: string): ChatActions {
  // What the user typed is kept whole; automatic and generated titles are cut to fit.
  const tidyTitle = (title: string, source: TitleSource) =>
    (source === 'user' ? title.replace(/\s+/g, ' ').trim() : clampTitle(title)) || untitledTitle;

  const updateChat = async (id: string, patch: ChatPatch) => {
    core.patchChat(id, patch);
    const stored = await core.write(id, 'update-chat', (p) => p.patchChat(id, patch));
    if (stored) core.announce({ type: 'chat', chatId: id });
  };

  return {
    async createChat({ text, model, systemPrompt, projectId, settings, attachments = [] }) {
      const content = tidyMessageText(text);
      if (content === '' && attachments.length === 0) throw new Error('A chat starts with a message that has text or files');
      const at = core.now();
      const chatId = newId();
      const { message, rows } = withAttachments(
        { id: newId(), chatId, parentId: null, role: 'user', content, status: 'complete', createdAt: at },
        attachments,
      );
      const chat: Chat = {
        id: chatId,
        // A message of files alone is named after its first file.
        title: autoTitle(content) || autoTitle(attachments[0]?.name ?? '') || untitledTitle,
        titleSource: 'auto',
        createdAt: at,
        updatedAt: at,
        pinned: false,
        currentLeafId: message.id,
      };
      for (const [field, value] of Object.entries(settings ?? {})) if (value !== undefined) (chat as unknown as Record<string, unknown>)[field] = value;
      if (model) chat.model = model;
      if (systemPrompt?.trim()) chat.systemPrompt = systemPrompt;
      if (projectId) chat.projectId = projectId;
      // With files, the chat exists only once they are stored with it: a refusal leaves them in the composer.
      if (rows.length > 0) await saveMessageWithAttachments(core, message, rows, { create: chat });
      core.setChat(chat);
      core.update((s) => ({ messages: withEntry(s.messages, chatId, [message]) }));
      // The chat page asks for the reply (takePendingReply), so it streams where it is shown.
      replies.markPending(chatId);
      const stored =
        rows.length > 0 ||
        (await core.write(chatId, 'create-chat', async (p) => {
          await p.createChat(chat, [message]);
          return true;
        }));
      if (stored) core.announce({ type: 'chat', chatId });
      return { chatId };
    },

    updateChatSettings: (id, settings) => updateChat(id, settings),
    renameChat: (id, title) => updateChat(id, { title: tidyTitle(title, 'user'), titleSource: 'user' }),
    setChatTitle: (id, title, source) => updateChat(id, { title: tidyTitle(title, source), titleSource: source }),
    pinChat: (id, pinned) => updateChat(id, { pinned }),

    async deleteChat(id) {
      // Stopping first settles the streaming reply, so Undo brings back the text that arrived.
      replies.stopChat(id);
      replies.clearPending(id);
      const chat = core.chat(id);
      const loaded = core.messagesOf(id);
      core.update((s) => ({
        chats: removeChat(s.chats, id),
        messages: withEntry(s.messages, id, undefined),
        missing: withMember(s.missing, id, true),
      }));
      const deleted = await core.write(id, 'delete-chat', (p) => p.deleteChat(id));
      core.announce({ type: 'chat', chatId: id });
      const restoredChat = deleted?.chat ?? chat;
      if (!restoredChat) return noUndo;
      const messages = mergeMessages(deleted?.messages ?? [], loaded ?? []);
      return once(async () => {
        core.setChat(restoredChat);
        if (loaded) core.update((s) => ({ messages: withEntry(s.messages, id, messages) }));
        await core.write(id, 'restore-chat', (p) => p.restoreChat(restoredChat, messages, deleted?.draft, deleted?.attachments));
        core.announce({ type: 'messages', chatId: id });
      });
    },
  };
}
