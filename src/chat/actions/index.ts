/** The door of actions/: the store's actions (chats, messages, other tabs' streams), composed by store-actions.ts, which compose/ loads with import(). What they promise is the store's (store/actions-api.ts). */
export type { createStoreActions } from './store-actions';
