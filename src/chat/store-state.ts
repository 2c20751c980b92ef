import type { PersistenceKind } from './persistence';
import { compareMessages } from './tree';
import type { Chat, Message } from './types';

/** The chat store's immutable snapshot and the pure updates that make the next one. */

export interface ChatStoreSnapshot {
  readonly status: 'loading' | 'ready';
  readonly storage: PersistenceKind;
  /** Newest (updatedAt) first. */
  readonly chats: readonly Chat[];
  /** Messages of the chats loaded so far, oldest first. */
  readonly messages: ReadonlyMap<string, readonly Message[]>;
  /** Ids of the replies streaming in this tab. */
  readonly generating: ReadonlySet<string>;
  /** Chat ids known not to exist (unknown address, or deleted). */
  readonly missing: ReadonlySet<string>;
}

export const initialSnapshot = (storage: PersistenceKind = 'indexeddb'): ChatStoreSnapshot => ({
  status: 'loading',
  storage,
  chats: [],
  messages: new Map(),
  generating: new Set(),
  missing: new Set(),
});

const chatMaps = new WeakMap<readonly Chat[], ReadonlyMap<string, Chat>>();

/** A chat by id in O(1): the id map is built once per chat list (10,000 chats make `find` per delta costly). */
export function chatById(chats: readonly Chat[], id: string): Chat | undefined {
  let map = chatMaps.get(chats);
  if (!map) {
    map = new Map(chats.map((chat) => [chat.id, chat]));
    chatMaps.set(chats, map);
  }
  return map.get(id);
}

/** Same order as the persistence's listChats: updatedAt descending, then id descending. */
const chatBefore = (a: Chat, b: Chat) => a.updatedAt > b.updatedAt || (a.updatedAt === b.updatedAt && a.id > b.id);

export function upsertChat(chats: readonly Chat[], chat: Chat): readonly Chat[] {
  const rest = chats.filter((c) => c.id !== chat.id);
  let at = rest.findIndex((c) => chatBefore(chat, c));
  if (at < 0) at = rest.length;
  return [...rest.slice(0, at), chat, ...rest.slice(at)];
}

export function removeChat(chats: readonly Chat[], id: string): readonly Chat[] {
  return chats.some((c) => c.id === id) ? chats.filter((c) => c.id !== id) : chats;
}

export function upsertMessage(list: readonly Message[], message: Message): readonly Message[] {
  const at = list.findIndex((m) => m.id === message.id);
  if (at >= 0 && list[at]!.createdAt === message.createdAt) return list.with(at, message);
  const rest = at >= 0 ? list.filter((m) => m.id !== message.id) : list;
  let insert = rest.length;
  // Usually the newest message: search from the end.
  while (insert > 0 && compareMessages(rest[insert - 1]!, message) > 0) insert--;
  return [...rest.slice(0, insert), message, ...rest.slice(insert)];
}

export function withEntry<K, V>(map: ReadonlyMap<K, V>, key: K, value: V | undefined): ReadonlyMap<K, V> {
  const next = new Map(map);
  if (value === undefined) next.delete(key);
  else next.set(key, value);
  return next;
}

export function withMember<T>(set: ReadonlySet<T>, value: T, present: boolean): ReadonlySet<T> {
  if (set.has(value) === present) return set;
  const next = new Set(set);
  if (present) next.add(value);
  else next.delete(value);
  return next;
}
