import { createChatStore, type ChatStore, type ChatStoreOptions } from './chat-store';

/** The app's one chat store, created on first use so that importing the domain does nothing. */

let instance: ChatStore | undefined;
let configured: ChatStoreOptions = {};

/** Options for the store getChatStore creates (the app passes its translated "Untitled"); call before first use. */
export function configureChatStore(options: ChatStoreOptions): void {
  configured = options;
}

export function getChatStore(): ChatStore {
  instance ??= createChatStore({
    library: 'app',
    ...configured,
    win: typeof window === 'undefined' ? null : window,
    doc: typeof document === 'undefined' ? null : document,
  });
  return instance;
}

/** For tests: disposes the current store; `next` (if given) becomes the one getChatStore returns. */
export function resetChatStore(next?: ChatStore): void {
  if (instance && instance !== next) instance.dispose();
  instance = next;
}
