import type { StoredAttachment } from './attachment-rows';
import type { MessageHit, SearchMessagesOptions } from '../search';
import type { Chat, ChatPatch, Draft, LibraryRecord, Message } from '../types';

/** Where chats live: IndexedDB, or memory for a session when IndexedDB can't be used. */
export type PersistenceKind = 'indexeddb' | 'memory';

/** A message search's hits and options are search/'s (search.ts): the scan, the index and every storage share them. */
export type { MessageHit, SearchMessagesOptions };

/** What deleting a chat removed, to put back on Undo. */
export interface DeletedChat {
  chat: Chat;
  messages: Message[];
  draft?: Draft;
  /** Its messages' attachment rows and its draft's, bytes included. */
  attachments?: StoredAttachment[];
}

/** How a message with attachments meets its chat: created together, or patched alongside. */
export interface ChatWrite {
  /** A new chat (the home page's first message): written with the message or not at all. */
  create?: Chat;
  patch?: ChatPatch;
}

/** Imported chats with all their rows (src/chat/import/): written together or not at all. */
export interface ImportBatch {
  chats: Chat[];
  messages: Message[];
  attachments: StoredAttachment[];
  /** Settings rows added with them (a restore's): like every row of the batch, a key already stored fails it all. */
  settings?: { key: string; value: unknown }[];
  /** Library rows added with them (a restore's, an import's projects): added like the rest, never over a stored one. */
  library?: LibraryRecord[];
}

/** Chats and messages another device wrote (sync): written in ONE transaction, each only where it differs from the stored row. */
export interface SyncedRows {
  chats: readonly Chat[];
  messages: readonly Message[];
  /** Whether a stored row already says what the arriving one says (then it is not written). */
  same(stored: Chat | Message, arriving: Chat | Message): boolean;
}

export interface SyncedRowsResult {
  /** Chats whose row or one of whose messages was written. */
  changed: string[];
  /** Messages not written because their chat is neither stored nor in the batch (it comes later). */
  orphans: Message[];
}

export interface ImportWriteOptions {
  /** Aborting rolls the whole write back. */
  signal?: AbortSignal;
  /** Rows issued so far of all rows, as the write goes. */
  onProgress?(written: number, total: number): void;
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
  /**
   * Several messages of one chat and its patch in ONE transaction (a compaction marker and the
   * message re-parented under it: issue 24); false (nothing written) when the chat is gone.
   */
  putMessages(chatId: string, messages: readonly Message[], chatPatch?: ChatPatch): Promise<boolean>;
  /** Removes the chat, its messages, its draft and all their attachments; undefined for an unknown id. */
  deleteChat(id: string): Promise<DeletedChat | undefined>;
  restoreChat(chat: Chat, messages: readonly Message[], draft?: Draft, attachments?: readonly StoredAttachment[]): Promise<void>;
  /** Removes the messages and their attachments together; resolves with the attachment rows removed (for Undo). */
  deleteMessages(chatId: string, ids: readonly string[], chatPatch?: ChatPatch): Promise<StoredAttachment[] | void>;
  /**
   * A user message and its attachment rows (owned by it) in one transaction, with its chat
   * created or patched: all or nothing, so no message points to a row that is not stored.
   * False (nothing written) when the chat is gone. Not retried when refused: the caller keeps
   * the draft and says so.
   */
  putMessageWithAttachments(message: Message, attachments: readonly StoredAttachment[], chat: ChatWrite): Promise<boolean>;
  putAttachment(row: StoredAttachment): Promise<void>;
  /**
   * Rows from sync, a slice of hundreds at a time: one transaction instead of one (and a read of
   * the chat's messages) per row, which made a first sync wait on Parley's store (issue 25).
   * A chat is put (created when new); a message only when its chat is stored or in the batch.
   */
  applySyncedRows(rows: SyncedRows): Promise<SyncedRowsResult>;
  /**
   * An import: every chat, message and attachment row of the batch in ONE transaction, issued in
   * slices that leave the page responsive. All or nothing: a row that fails (an id that exists, a
   * full disk) or an abort leaves none of it stored. Rejects with the signal's reason when aborted.
   */
  importChats(batch: ImportBatch, options?: ImportWriteOptions): Promise<void>;
  /** Which of these message ids are stored (in any chat): a restore must not reuse them. */
  existingMessageIds(ids: readonly string[]): Promise<string[]>;
  /** The rows with these ids that exist, in the order asked. */
  getAttachments(ids: readonly string[]): Promise<StoredAttachment[]>;
  /** A draft's rows, oldest first. */
  listDraftAttachments(draftKey: string): Promise<StoredAttachment[]>;
  /** Every row a chat's messages own (for export and search). */
  listChatAttachments(chatId: string): Promise<StoredAttachment[]>;
  deleteAttachments(ids: readonly string[]): Promise<void>;
  getDraft(key: string): Promise<Draft | undefined>;
  putDraft(draft: Draft): Promise<void>;
  deleteDraft(key: string): Promise<void>;
  /** Every library row (instructions, defaults, presets, projects, prompts: issue 23). */
  listLibrary(): Promise<LibraryRecord[]>;
  /** Writes a library row whole (its id is its key). */
  putLibrary(record: LibraryRecord): Promise<void>;
  deleteLibrary(id: string): Promise<void>;
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
