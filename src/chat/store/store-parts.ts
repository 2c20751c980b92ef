/**
 * The store's seam for its actions (sending, replies and the tool calls in them, chat and message
 * actions, other tabs' streams): they load after the first screen and are plugged in from outside
 * (compose/), so the store names neither them nor the capabilities they use (tools, attachments).
 */
import type { CreateStoreActions } from './actions-api';

type ActionsLoader = () => Promise<{ createStoreActions: CreateStoreActions }>;

let loader: ActionsLoader | undefined;

/** Called by compose/, which the chat domain's door (src/chat/index.ts) imports. */
export const provideStoreActions = (load: ActionsLoader) => void (loader = load);

export const loadStoreActions = () => loader!();
