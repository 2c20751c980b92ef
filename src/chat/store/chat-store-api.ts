import type { StoredAttachment } from '../persistence';
import type { AttachmentSettings } from '../attachments';
import type { Attachment } from '../attachments';
import type { BroadcastLike } from '../tabs';
import type { ChatModelRegistry } from '../model';
import type { ChatExport } from '../backup';
import type { Chat } from '../types';
import type { ChatPersistence } from '../persistence';
import type { ChatActions, CompactionActions, LibrarySource, MessageActions, ReplyActions } from './actions-api';
import type { LockManagerLike } from '../tabs';
import type { ChatSearchResult, SearchChatsOptions } from '../search-index';
import type { EstimateStorage } from '../persistence';
import type { PersistenceSource } from '../state';
import type { ChatStoreEvent, EventListenOptions, StorageUsage } from '../state';
import type { ChatStoreSnapshot } from '../state';

/** The chat store's shape and options (chat-store.ts builds it). */

export interface ChatStoreOptions {
  /** A persistence, or how to open one (default: IndexedDB with the memory fallback). */
  persistence?: PersistenceSource;
  models?: Pick<ChatModelRegistry, 'get'>;
  now?: () => number;
  /** The cross-tab channel; null for none; default BroadcastChannel('parley') where it exists. */
  broadcast?: BroadcastLike | null;
  /** What an emptied title becomes, in the user's language. */
  untitledTitle?: string;
  /** Where 'pagehide' and 'visibilitychange' fire, to save drafts before the page goes. */
  win?: EventTarget | null;
  doc?: (EventTarget & { visibilityState?: string }) | null;
  /** Web Locks, to tell a reply streaming in another tab from one a crashed tab left behind. */
  locks?: LockManagerLike | null;
  /** How full storage is, for the storage-full warning; null for none; default navigator.storage.estimate. */
  estimateStorage?: EstimateStorage | null;
  /** Worker scripts and settings for attached files (the app passes the build's worker addresses). */
  attachments?: AttachmentSettings;
  /** The user's library requests are built with (issue 23): 'app' for the app's (getChatStore's default); absent: none, each chat as stored. */
  library?: 'app' | LibrarySource;
  /** A chat's model's context length (issue 24: automatic compaction); default: what the connections' model lists say. */
  contextLength?(chat: Chat): number | undefined;
}

/** What the draft attachments (draft-attachments.ts) need of the store they belong to. */
export interface AttachmentHost {
  readonly settings: AttachmentSettings;
  persistence(): Promise<ChatPersistence>;
  usage(): Promise<StorageUsage | undefined>;
}

export interface ChatStore
  extends ChatActions,
    MessageActions,
    Pick<
      ReplyActions,
      | 'takePendingReply'
      | 'startReply'
      | 'sendMessage'
      | 'editMessage'
      | 'resendWithoutImages'
      | 'regenerate'
      | 'continueReply'
      | 'stop'
      | 'stopChat'
      | 'approveToolCall'
      | 'denyToolCall'
      | 'resendWithoutTools'
    > {
  /** "Summarise earlier messages" (issue 24): the summary streamed, then the marker stored with the message after it re-parented, in one transaction. */
  compactChat: CompactionActions['compactChat'];
  /** Editing and undoing markers, pinning messages (issue 24). */
  compaction(): Promise<CompactionActions>;
  subscribe(listener: () => void): () => void;
  getSnapshot(): ChatStoreSnapshot;
  /** Opens storage and loads the chat list; safe to call any number of times. */
  init(): Promise<void>;
  /** Loads the code of the actions ahead of their first use (the app does, right after the first paint). */
  preloadActions(): Promise<void>;
  /** Loads a chat's messages; false when there is no such chat. */
  loadChat(id: string): Promise<boolean>;
  getDraft(key: string): Promise<string>;
  setDraft(key: string, text: string): void;
  /** The draft in memory; undefined until loaded. */
  peekDraft(key: string): string | undefined;
  subscribeDraft(key: string, listener: () => void): () => void;
  flushDrafts(): Promise<void>;
  getSetting<T = unknown>(key: string): Promise<T | undefined>;
  putSetting(key: string, value: unknown): Promise<void>;
  /** Runs `run` on the storage, its failures reported like the store's own (the library's rows: issue 23); undefined when it failed. */
  withStorage<T>(operation: 'load' | 'save-setting', run: (persistence: ChatPersistence) => Promise<T>): Promise<T | undefined>;
  search(query: string, options?: SearchChatsOptions): Promise<ChatSearchResult[]>;
  /** Writes again what storage refused (the user's "Try again"); true when everything is saved. */
  retrySaves(): Promise<boolean>;
  /**
   * The store's events. The first listener also gets those that came before anyone listened;
   * `{ replay: false }` listens to new ones only and leaves the kept ones for that listener.
   */
  onError(listener: (event: ChatStoreEvent) => void, options?: EventListenOptions): () => void;
  /** One attachment with its bytes (the thread's thumbnails and viewer load them lazily, by id). */
  loadAttachment(id: string): Promise<Attachment | undefined>;
  /** A picture's bytes (a PDF's own file), for a thumbnail or the viewer. */
  loadAttachmentBlob(id: string): Promise<Blob | undefined>;
  /** The chat as stored, with its files as base64 (export.ts); undefined for an unknown chat. */
  exportChat(chatId: string, exportedAt?: number): Promise<ChatExport | undefined>;
  /** For draft-attachments.ts: storage and settings. */
  attachmentHost(): AttachmentHost;
  dispose(): void;
}

