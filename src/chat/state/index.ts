/** The door of state/: the store's core that its actions share (snapshot, pure updates, events, write-behind, drafts); all of it loads with the first screen. */
export { createDraftStore, DRAFT_SAVE_DELAY_MS } from './draft-store';
export { createStoreCore, type PersistenceSource, STORAGE_EVENT_REPEAT_MS, type StoreCore } from './store-core';
export { createEventEmitter, EVENT_BUFFER_LIMIT, type ChatStoreEvent, type EventListenOptions, type StorageOperation, type StorageUsage } from './store-events';
export { chatBefore, chatById, type ChatStoreSnapshot, removeChat, replyingMessageId, upsertChat, withEntry, withMember } from './store-state';
