import type { PersistenceKind } from '../persistence';
import { compareMessages } from '../persistence';
import type { Chat, Message } from '../types';
import { NOTHING_UNSAVED, type UnsavedSnapshot } from '../unsaved';

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
  /** Replies streaming in other tabs: message id → chat id. */
  readonly remoteStreams: ReadonlyMap<string, string>;
  /** Chats with a reply streaming in any tab (derived from the two above). */
  readonly replyingChats: ReadonlySet<string>;
  /** Chat ids known not to exist (unknown address, or deleted). */
  readonly missing: ReadonlySet<string>;
  /** What storage refused (disk full): kept in memory, marked on screen, retried. */
  readonly unsaved: UnsavedSnapshot;
}

export const initialSnapshot = (storage: PersistenceKind = 'indexeddb'): ChatStoreSnapshot => ({
  status: 'loading',
  storage,
  chats: [],
  messages: new Map(),
  generating: new Set(),
  remoteStreams: new Map(),
  replyingChats: new Set(),
  missing: new Set(),
  unsaved: NOTHING_UNSAVED,
});

/** The chats with a reply streaming here or in another tab. */
export function replyingChatIds(s: Pick<ChatStoreSnapshot, 'generating' | 'remoteStreams' | 'messages'>): ReadonlySet<string> {
  const ids = new Set(s.remoteStreams.values());
  if (s.generating.size === 0) return ids;
  for (const [chatId, list] of s.messages) {
    // The streaming reply is usually the newest message: search from the end.
    for (let i = list.length - 1; i >= 0; i--) {
      if (!s.generating.has(list[i]!.id)) continue;
      ids.add(chatId);
      break;
    }
  }
  return ids;
}

/** The reply streaming in a chat, here or in another tab. */
export function replyingMessageId(s: ChatStoreSnapshot, chatId: string): string | undefined {
  if (!s.replyingChats.has(chatId)) return undefined;
  const local = s.generating.size > 0 ? s.messages.get(chatId)?.findLast((m) => s.generating.has(m.id))?.id : undefined;
  if (local) return local;
  for (const [messageId, streamChat] of s.remoteStreams) if (streamChat === chatId) return messageId;
  return undefined;
}

const sameMembers = <T>(a: ReadonlySet<T>, b: ReadonlySet<T>) => a.size === b.size && [...a].every((value) => b.has(value));

/** The snapshot with `replyingChats` brought up to date, keeping its identity when nothing changed. */
export function withReplyingChats(s: ChatStoreSnapshot): ChatStoreSnapshot {
  const next = replyingChatIds(s);
  return sameMembers(next, s.replyingChats) ? s : { ...s, replyingChats: next };
}

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
export const chatBefore = (a: Chat, b: Chat) => a.updatedAt > b.updatedAt || (a.updatedAt === b.updatedAt && a.id > b.id);

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
