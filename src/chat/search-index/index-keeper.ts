import type { ParleyDatabase } from '../persistence';
import type { Chat } from '../types';
import { createChatIndex, loadChatIndex, type ChatIndex, type IndexedChat } from './chat-index';
import { indexedTextOf, readChatTexts, readFileTexts, textFileIds } from './chat-texts';

/**
 * Keeps the index in step with storage: loads the stored index and catches up with the chats
 * changed since it was saved (their updatedAt or current leaf differ from what it covers), or
 * builds it from every message and the text of every file they carry; indexes a chat again when
 * told it changed; saves it a while after the last change.
 */

/** The row of the searchIndex store holding the index. */
export const SEARCH_INDEX_KEY = 'chats';
/** Messages read per request while building: large enough to amortise a round trip. */
const BUILD_BATCH_SIZE = 5000;
/** A streaming reply is saved every second: index its chat once things settle, not on every save. */
export const REINDEX_DELAY_MS = 1500;
/** Saving writes the whole index (megabytes): once the changes stop for this long. */
export const SAVE_DELAY_MS = 5000;

const indexedChat = (chat: Chat): IndexedChat => ({ chatId: chat.id, updatedAt: chat.updatedAt, leafId: chat.currentLeafId });

/** A chat's searchable text as stored now. */
async function chatText(db: ParleyDatabase, chatId: string): Promise<string> {
  const [texts] = await readChatTexts(db, [chatId]);
  return indexedTextOf(texts!);
}

/** Every message's text and every attached file's, per chat: messages in key order in large batches, then the files they name. */
async function allTexts(db: ParleyDatabase): Promise<Map<string, string[]>> {
  const texts = new Map<string, string[]>();
  const add = (chatId: string, text: string) => {
    const list = texts.get(chatId);
    if (list) list.push(text);
    else texts.set(chatId, [text]);
  };
  const files: Array<readonly [fileId: string, messageId: string]> = [];
  const chatOfMessage = new Map<string, string>();
  let after: string | undefined;
  for (;;) {
    const rows = await db.getAll('messages', after === undefined ? undefined : IDBKeyRange.lowerBound(after, true), BUILD_BATCH_SIZE);
    for (const message of rows) {
      add(message.chatId, message.content);
      const ids = textFileIds(message);
      if (ids.length === 0) continue;
      chatOfMessage.set(message.id, message.chatId);
      for (const id of ids) files.push([id, message.id]);
    }
    if (rows.length < BUILD_BATCH_SIZE) break;
    after = rows[rows.length - 1]!.id;
  }
  for (const file of await readFileTexts(db, files)) add(chatOfMessage.get(file.messageId)!, file.text);
  return texts;
}

export interface IndexKeeper {
  readonly index: ChatIndex;
  /** Index a chat again soon (it changed, here or in another tab). */
  changed(chatId: string): void;
  /** Index now the chats waiting to be: a query must see every change made before it. */
  flush(): Promise<void>;
  dispose(): void;
}

export async function openIndexKeeper(db: ParleyDatabase, onError: (error: unknown) => void): Promise<IndexKeeper> {
  const stored = await loadChatIndex(await db.get('searchIndex', SEARCH_INDEX_KEY)).catch(() => undefined);
  const index = stored ?? createChatIndex();
  const chats = await db.getAll('chats');
  let dirty = !stored;
  if (stored) {
    const present = new Set(chats.map((chat) => chat.id));
    for (const chat of index.chats()) {
      if (!present.has(chat.chatId)) {
        index.remove(chat.chatId);
        dirty = true;
      }
    }
    for (const chat of chats) {
      const known = index.get(chat.id);
      if (known && known.updatedAt === chat.updatedAt && known.leafId === chat.currentLeafId) continue;
      index.put(indexedChat(chat), await chatText(db, chat.id));
      dirty = true;
    }
  } else {
    const texts = await allTexts(db);
    for (const chat of chats) index.put(indexedChat(chat), (texts.get(chat.id) ?? []).join('\n'));
  }

  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  const save = async () => {
    saveTimer = undefined;
    await db.put('searchIndex', await index.serialize(), SEARCH_INDEX_KEY);
  };
  const scheduleSave = () => {
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => void save().catch(onError), SAVE_DELAY_MS);
  };
  const reindex = async (chatId: string) => {
    timers.delete(chatId);
    const chat = await db.get('chats', chatId);
    if (!chat) index.remove(chatId);
    else index.put(indexedChat(chat), await chatText(db, chatId));
    scheduleSave();
  };
  if (dirty) await save().catch(onError);

  return {
    index,
    changed(chatId) {
      clearTimeout(timers.get(chatId));
      timers.set(chatId, setTimeout(() => void reindex(chatId).catch(onError), REINDEX_DELAY_MS));
    },
    async flush() {
      const waiting = [...timers];
      for (const [, timer] of waiting) clearTimeout(timer);
      for (const [chatId] of waiting) await reindex(chatId).catch(onError);
    },
    dispose() {
      for (const timer of timers.values()) clearTimeout(timer);
      clearTimeout(saveTimer);
    },
  };
}
