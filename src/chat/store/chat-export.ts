/** A chat as its export file holds it (backup/export.ts), read for the store's exportChat: loaded with the first export. */
import { buildChatExport, exportAttachments, type ChatExport } from '../backup/export';
import type { StoreCore } from '../state';
import type { Message } from '../types';

/** The stored chat, with the replies streaming in this tab as they are in memory; undefined when it is gone. */
export async function exportStoredChat(
  core: Pick<StoreCore, 'persist' | 'chat'>,
  chatId: string,
  exportedAt: number | undefined,
  withLocalStreams: (chatId: string, stored: Message[]) => Message[],
): Promise<ChatExport | undefined> {
  const found = await core.persist('load', (p) => Promise.all([p.getChat(chatId), p.listMessages(chatId), p.listChatAttachments(chatId)]));
  if (!found?.[0]) return undefined;
  const [chat, stored, rows] = found;
  const messages = withLocalStreams(chatId, stored);
  return buildChatExport(core.chat(chatId) ?? chat, messages, exportedAt, await exportAttachments(rows));
}
