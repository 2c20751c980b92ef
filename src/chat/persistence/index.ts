/** The door of persistence/: what the first screen needs to open and read IndexedDB. Parts used later (the memory fallback, writes' helpers, storage usage) are named doors. */
export type { StoredAttachment } from './attachment-rows';
export { DB_NAME, DB_VERSION, type IndexedChat, type Migration, MIGRATIONS, openDatabase, type ParleyDatabase, type StoredChatIndex } from './db';
export { createIdbPersistence } from './idb-persistence';
export { compareMessages } from './message-order';
export { OPEN_TIMEOUT_MS, type OpenedPersistence, openPersistence, type OpenPersistenceOptions } from './open-persistence';
export type { ChatPersistence, ChatWrite, DeletedChat, ImportBatch, MessageHit, PersistenceKind, SearchMessagesOptions, SyncedRows, SyncedRowsResult } from './persistence';
export { StorageError, type StorageErrorKind, toStorageError } from './storage-error';
export type { EstimateStorage, StorageUsage } from './storage-usage';
