import { Index } from 'flexsearch';
import type { IndexedChat, StoredChatIndex } from '../persistence';
import { searchTerms } from './terms';

/**
 * The full-text index (FlexSearch): one document per chat, holding the text of all its
 * messages and of the files they carry. Per chat rather than per message, because the index is then a twentieth of the size
 * (every word of a chat is listed once) and a query names the chats to read; the worker then
 * finds the matching message and its snippet in those chats' text. "forward" tokenizing lists
 * every prefix of a word, so a word being typed finds its chats at once.
 */

/** The stored shapes are the database's (persistence/db.ts), which keeps the index whichever version wrote it. */
export type { IndexedChat };

/** The index as this version stores it. */
export interface SerializedChatIndex extends StoredChatIndex {
  readonly format: typeof INDEX_FORMAT;
}

/**
 * Bumped when the tokenizing, the stored shape or what is indexed changes: an older index is then
 * rebuilt. 2: the text of attached files is indexed with their chat's messages.
 */
export const INDEX_FORMAT = 2;

/** Scoring by term position means nothing for a whole chat; one slot keeps the postings in insertion order, and small. */
const RESOLUTION = 1;
/** Hits asked of FlexSearch: every chat (10,000 chats give 10,000 numbers, a copy of one array). */
const ALL_CHATS = 1_000_000;

const createIndex = () =>
  new Index({
    tokenize: 'forward',
    resolution: RESOLUTION,
    // Our own folding, so the index and the matcher agree on what a word is.
    encoder: { normalize: false, dedupe: false },
    encode: searchTerms,
  } as ConstructorParameters<typeof Index>[0]);

export interface ChatIndex {
  /** Indexes (or indexes again) a chat's text. */
  put(chat: IndexedChat, text: string): void;
  remove(chatId: string): void;
  /** What is indexed of a chat; undefined when nothing is. */
  get(chatId: string): IndexedChat | undefined;
  chats(): IndexedChat[];
  /** The chats containing every word of the query (each as a prefix), newest first. */
  query(query: string): IndexedChat[];
  serialize(): Promise<SerializedChatIndex>;
}

export function createChatIndex(): ChatIndex {
  let index = createIndex();
  const byNumber = new Map<number, IndexedChat>();
  const numbers = new Map<string, number>();
  let next = 1;

  const numberOf = (chatId: string) => {
    let number = numbers.get(chatId);
    if (number === undefined) {
      number = next++;
      numbers.set(chatId, number);
    }
    return number;
  };

  const self: ChatIndex & { load(data: StoredChatIndex): Promise<void> } = {
    put(chat, text) {
      const number = numberOf(chat.chatId);
      if (byNumber.has(number)) index.update(number, text);
      else index.add(number, text);
      byNumber.set(number, chat);
    },
    remove(chatId) {
      const number = numbers.get(chatId);
      if (number === undefined) return;
      index.remove(number);
      byNumber.delete(number);
      numbers.delete(chatId);
    },
    get: (chatId) => {
      const number = numbers.get(chatId);
      return number === undefined ? undefined : byNumber.get(number);
    },
    chats: () => [...byNumber.values()],
    query(query) {
      if (searchTerms(query).length === 0) return [];
      const found = index.search(query, { limit: ALL_CHATS }) as number[];
      const hits: IndexedChat[] = [];
      for (const number of found) {
        const chat = byNumber.get(number);
        if (chat) hits.push(chat);
      }
      return hits.sort((a, b) => b.updatedAt - a.updatedAt || (a.chatId < b.chatId ? 1 : -1));
    },
    async serialize() {
      const parts: Array<readonly [string, string]> = [];
      await index.export((key: string, data: string) => void parts.push([key, data]));
      return { format: INDEX_FORMAT, parts, chats: [...byNumber] };
    },
    async load(data) {
      index = createIndex();
      for (const [key, part] of data.parts) await index.import(key, part);
      byNumber.clear();
      numbers.clear();
      next = 1;
      for (const [number, chat] of data.chats) {
        byNumber.set(number, chat);
        numbers.set(chat.chatId, number);
        next = Math.max(next, number + 1);
      }
    },
  };
  return self;
}

/** An index read back from its serialized form; undefined for one of another format. */
export async function loadChatIndex(data: StoredChatIndex | undefined): Promise<ChatIndex | undefined> {
  if (!data || data.format !== INDEX_FORMAT) return undefined;
  const index = createChatIndex() as ChatIndex & { load(data: StoredChatIndex): Promise<void> };
  await index.load(data);
  return index;
}
