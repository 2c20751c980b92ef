/**
 * The chat domain's public API (SPEC B2–B6). React-free except the store's hooks (store/).
 *
 * The first screen imports this file, and esbuild puts every module it re-exports (and that is
 * used anywhere) into the first screen: what loads later (the store's actions, search, the
 * memory fallback, reply figures, the unsaved-changes bookkeeping) is imported through its own
 * room's door or named door file (docs/architecture.md).
 */
// Plugs the store's actions into its seam (compose/): the store itself names none of them.
import './compose';

export type { Chat, ChatPatch, Citation, CompareSetting, Comparing, Draft, Message, MessageRole, MessageStatus, ReplySegment, SearchStep, TitleSource, Timing, ThinkingBlock, ToolCall, Usage } from './types';
export { HOME_DRAFT_KEY } from './types';

// The message tree's functions (shapes/) and useThread (store/thread-hooks.ts) load with the chat page: import them there.
export type { BranchPosition, MessageIndex, ThreadEntry } from './shapes';
// The history's grouping loads with the history (its own chunk): import shapes/date-groups.ts.
export type { ChatGroup, DayCalendar } from './shapes';
export type { SearchMatcher, Snippet } from './search';
export type { ChatSearchResult, SearchChatsOptions } from './search-index';
// The search index (its client, the worker's protocol) is not re-exported: it starts after the
// first screen (boot.ts imports it lazily) and the palette imports it by its own path.
export type { SearchIndexClient, SearchIndexState } from './search-index';

// openParleyDb (idb's promise API over it) is in persistence/db-wrapped.ts, for workers.
export { DB_NAME, DB_VERSION, MIGRATIONS, openDatabase, type Migration, type ParleyDatabase } from './persistence';
export type { ChatPersistence, DeletedChat, MessageHit, PersistenceKind, SearchMessagesOptions } from './persistence';
export { createIdbPersistence } from './persistence';
export { OPEN_TIMEOUT_MS, openPersistence, type OpenedPersistence, type OpenPersistenceOptions } from './persistence';
export { StorageError, toStorageError, type StorageErrorKind } from './persistence';

export {
  ChatModelError,
  chatModels,
  createChatModelRegistry,
  getChatModel,
  resetChatModel,
  setChatModel,
  subscribeChatModel,
  type ChatDelta,
  type ChatErrorCode,
  type ChatModel,
  type ChatModelMessage,
  type ChatModelRegistry,
  type ChatModelRequest,
} from './model';

export { createChatStore, REMOTE_REFRESH_DELAY_MS, type ChatStore, type ChatStoreOptions } from './store';
export { configureChatStore, getChatStore, resetChatStore } from './store';
export { chatById, replyingMessageId, type ChatStoreSnapshot } from './state';
export type { ChatStoreEvent, StorageOperation } from './state';
export type { ChatSettings, CreateChatInput, Undo } from './store';
export { BROADCAST_CHANNEL_NAME, type BroadcastLike, type StreamNotice, type TabNotice } from './tabs/broadcast';
export type { LockManagerLike } from './tabs';
export { DRAFT_SAVE_DELAY_MS } from './state';
export { STORAGE_EVENT_REPEAT_MS } from './state';

export { useChatHasUnsaved, useUnsavedChat, useUnsavedMessage } from './store';
export type { UnsavedSnapshot } from './unsaved';
export { useChat, useChatReplying, useChats, useChatStore, useDraftText, useStreamingMessageId, type ChatView } from './store';
export { useStoppableMessageId } from './store';
