/** The door of store/: the chat store (reading, seams, instance) and its React hooks, on the first screen. thread-hooks.ts (the chat page) and missing-attachments.ts (sync's seam) are named doors. */
export type { ChatStore } from './chat-store-api';
export type { ChatActions, ChatSettings, CompactionActions, CompactOptions, CompactResult, CreateChatInput, CreateStoreActions, EditOptions, LibrarySource, MessageActions, ReplyActions, SendOptions, StoreActions, StoreActionsOptions, TabStreams, Undo } from './actions-api';
export { configureChatStore, getChatStore, resetChatStore } from './chat-store-instance';
export { type AttachmentHost, type ChatStoreOptions, createChatStore, REMOTE_REFRESH_DELAY_MS } from './chat-store';
export { type ChatView, useChat, useChatReplying, useChats, useChatStore, useDraftText, useStreamingMessageId } from './hooks';
export { useStoppableMessageId } from './stoppable-message';
export { provideStoreActions } from './store-parts';
export { useChatHasUnsaved, useUnsavedChat, useUnsavedMessage } from './use-unsaved';
