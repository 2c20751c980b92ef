// Types only from idb: opening needs none of its code, so the first screen carries none
// (db-wrapped.ts gives the search worker and the tools idb's promise API).
import type { DBSchema, IDBPDatabase } from 'idb';
import type { StoredAttachment } from './attachment-rows';
import type { Chat, Draft, LibraryRecord, Message } from '../types';

/** The IndexedDB database and its schema history. */

export const DB_NAME = 'parley';

export interface SettingRow {
  key: string;
  value: unknown;
}

/** What is known of an indexed chat: enough to order the hits and to see on the next visit whether it changed. */
export interface IndexedChat {
  readonly chatId: string;
  /** The chat's updatedAt when it was indexed. */
  readonly updatedAt: number;
  /** Its current leaf then (deleting a message moves it, without touching updatedAt). */
  readonly leafId: string | undefined;
}

/** The search index as stored (search-index/chat-index.ts): FlexSearch's own export, and the chats it covers (the watermark); `format` says which version wrote it. */
export interface StoredChatIndex {
  readonly format: number;
  readonly parts: ReadonlyArray<readonly [string, string]>;
  readonly chats: ReadonlyArray<readonly [number, IndexedChat]>;
}

export interface ParleyDb extends DBSchema {
  chats: { key: string; value: Chat; indexes: { updatedAt: number } };
  messages: { key: string; value: Message; indexes: { chatId_createdAt: [string, number] } };
  drafts: { key: string; value: Draft };
  settings: { key: string; value: SettingRow };
  /** The search index (search-index/), one row under SEARCH_INDEX_KEY: rebuilt from the messages whenever lost. */
  searchIndex: { key: string; value: StoredChatIndex };
  /**
   * Attached files, bytes included (attachment-rows.ts), apart from the message rows so a chat
   * list or a thread never reads them; indexed by owner: a draft, a chat, a message.
   */
  attachments: { key: string; value: StoredAttachment; indexes: { draftKey: string; chatId: string; messageId: string } };
  /** Instructions, defaults, presets, projects and prompts (issue 23), one row each. */
  library: { key: string; value: LibraryRecord };
}

export type ParleyDatabase = IDBPDatabase<ParleyDb>;

/** Upgrades the schema by one version, inside the versionchange transaction. */
export type Migration = (db: IDBDatabase, transaction: IDBTransaction) => void;

/**
 * `MIGRATIONS[i]` upgrades version i to i + 1; the schema version is the array's length.
 * Append only: an entry that shipped never changes, so every stored database can catch up.
 */
export const MIGRATIONS: readonly Migration[] = [
  (db) => {
    db.createObjectStore('chats', { keyPath: 'id' }).createIndex('updatedAt', 'updatedAt');
    db.createObjectStore('messages', { keyPath: 'id' }).createIndex('chatId_createdAt', ['chatId', 'createdAt']);
    db.createObjectStore('drafts', { keyPath: 'key' });
    db.createObjectStore('settings', { keyPath: 'key' });
  },
  (db) => {
    db.createObjectStore('searchIndex');
  },
  (db) => {
    // Rows without an owner field are left out of that index: a draft's row is in draftKey only.
    const attachments = db.createObjectStore('attachments', { keyPath: 'id' });
    attachments.createIndex('draftKey', 'draftKey');
    attachments.createIndex('chatId', 'chatId');
    attachments.createIndex('messageId', 'messageId');
  },
  (db) => void db.createObjectStore('library', { keyPath: 'id' }),
];

export const DB_VERSION = MIGRATIONS.length;

export interface OpenDbOptions {
  name?: string;
  migrations?: readonly Migration[];
  /** Another tab holds an older version open and hasn't closed it yet. */
  onBlocked?(): void;
  /** Another tab wants to upgrade: this connection has closed to let it. */
  onVersionChange?(): void;
  /** The browser closed the connection (storage cleared, disk failure). */
  onClose?(): void;
}

/** Opens (and upgrades) the database. Rejects with the browser's error; never deletes anything. */
export function openDatabase(factory: IDBFactory, options: OpenDbOptions = {}): Promise<IDBDatabase> {
  const migrations = options.migrations ?? MIGRATIONS;
  return new Promise((resolve, reject) => {
    let request: IDBOpenDBRequest;
    try {
      request = factory.open(options.name ?? DB_NAME, migrations.length);
    } catch (error) {
      // Some browsers throw synchronously when storage is disabled.
      reject(error);
      return;
    }
    request.onupgradeneeded = (event) => {
      const transaction = request.transaction!;
      try {
        for (let version = event.oldVersion; version < migrations.length; version++) {
          migrations[version]!(request.result, transaction);
        }
      } catch (error) {
        // An upgrade that fails halfway must leave the stored version as it was.
        transaction.abort();
        reject(error);
      }
    };
    request.onblocked = () => options.onBlocked?.();
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const db = request.result;
      // Holding on would block the other tab's upgrade forever; close and let it proceed.
      db.onversionchange = () => {
        db.close();
        options.onVersionChange?.();
      };
      db.onclose = () => options.onClose?.();
      resolve(db);
    };
  });
}

/** A chat's messages in the `chatId_createdAt` index. */
export function chatRange(chatId: string): IDBKeyRange {
  return IDBKeyRange.bound([chatId, -Infinity], [chatId, Infinity]);
}
