/** The door of actions/: the store's actions (chats, messages, other tabs' streams), composed by store-actions.ts, which compose/ loads with import(). */
export type { ChatActions, ChatSettings, CreateChatInput } from './chat-actions';
export type { MessageActions } from './message-actions';
export type { createStoreActions, StoreActions } from './store-actions';
export type { TabStreams } from './tab-streams';
export type { Undo } from './undo';
