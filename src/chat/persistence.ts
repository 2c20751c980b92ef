import type { Snippet } from './search';
import type { Chat, ChatPatch, Draft, Message } from './types';

/** Where chats live: IndexedDB, or memory for a session when IndexedDB can't be used. */
export type PersistenceKind = 'indexeddb' | 'memory';

export interface MessageHit {
  readonly chatId: string;
  readonly messageId: string;
  readonly snippet: Snippet;
}

export interface SearchMessagesOptions {
  signal?: AbortSignal;
  /** Stop once this many chats have a hit. */
  limit?: number;
  /** Chats already found (by title) whose messages need no scan. */
  skipChatIds?: ReadonlySet<string>;
  /** Called after each batch that found something, with that batch's new hits. */
  onBatch?(hits: readonly MessageHit[]): void;
}

/** What deleting a chat removed, to put back on Undo. */
export interface DeletedChat {
  chat: Chat;
  messages: Message[];
  draft?: Draft;
}

/**
 * The storage contract both implementations honour. Writes that belong together are one
 * transaction: on failure nothing of it is stored. Failures reject with a StorageError.
 */
export interface ChatPersistence {
  readonly kind: PersistenceKind;
  /** Newest (updatedAt) first. */
  listChats(): Promise<Chat[]>;
  getChat(id: string): Promise<Chat | undefined>;
  /** Oldest (createdAt) first. */
  listMessages(chatId: string): Promise<Message[]>;
  /** The chat and its first messages together or not at all; never replaces an existing chat. */
  createChat(chat: Chat, messages: readonly Message[]): Promise<void>;
  putChat(chat: Chat): Promise<void>;
  /** Read-modify-write in one transaction, so concurrent tabs don't undo each other's fields. */
  patchChat(id: string, patch: ChatPatch): Promise<Chat | undefined>;
  /** The message and the chat's patch together; false (nothing written) when the chat is gone. */
  putMessage(message: Message, chatPatch?: ChatPatch): Promise<boolean>;
  /** Removes the chat, its messages and its draft; undefined for an unknown id. */
  deleteChat(id: string): Promise<DeletedChat | undefined>;
  restoreChat(chat: Chat, messages: readonly Message[], draft?: Draft): Promise<void>;
  deleteMessages(chatId: string, ids: readonly string[], chatPatch?: ChatPatch): Promise<void>;
  getDraft(key: string): Promise<Draft | undefined>;
  putDraft(draft: Draft): Promise<void>;
  deleteDraft(key: string): Promise<void>;
  getSetting<T = unknown>(key: string): Promise<T | undefined>;
  putSetting(key: string, value: unknown): Promise<void>;
  /**
   * At most one hit per chat (its newest matching message), newest messages first, in batches
   * that yield to the event loop. Rejects with the signal's reason when aborted.
   */
  searchMessages(query: string, options?: SearchMessagesOptions): Promise<MessageHit[]>;
  close(): void;
}

export function applyChatPatch(chat: Chat, patch: ChatPatch | undefined): Chat {
  return patch ? { ...chat, ...patch, id: chat.id } : chat;
}
