import 'fake-indexeddb/auto';
import { vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import {
  createChatModelRegistry,
  createChatStore,
  createIdbPersistence,
  openDatabase, type ChatModel,
  type ChatPersistence,
  type ChatStore,
  type ChatStoreEvent,
  type ChatStoreOptions,
} from '../../src/chat';
import { createMemoryPersistence } from '../../src/chat/persistence/memory-persistence';

/** Builds chat stores for tests, records their events, and disposes them afterwards. */

export const persistences: [string, () => Promise<ChatPersistence>][] = [
  ['IndexedDB', async () => createIdbPersistence(await openDatabase(new IDBFactory()))],
  ['memory', async () => createMemoryPersistence()],
];

export interface Harness {
  store: ChatStore;
  events: ChatStoreEvent[];
}

const live: ChatStore[] = [];

export function makeStore(options: Omit<ChatStoreOptions, 'models'> & { model?: ChatModel } = {}): Harness {
  const models = createChatModelRegistry();
  if (options.model) models.set(options.model);
  const store = createChatStore({ broadcast: null, win: null, doc: null, locks: null, ...options, models });
  const events: ChatStoreEvent[] = [];
  store.onError((event) => events.push(event));
  live.push(store);
  return { store, events };
}

export function disposeStores(): void {
  for (const store of live.splice(0)) store.dispose();
}

/** Resolves once no reply is streaming in the store. */
export function idle(store: ChatStore): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (store.getSnapshot().generating.size > 0) return false;
      unsubscribe();
      resolve();
      return true;
    };
    const unsubscribe = store.subscribe(() => void check());
    check();
  });
}

export const messagesOf = (store: ChatStore, chatId: string) => store.getSnapshot().messages.get(chatId) ?? [];
export const chatOf = (store: ChatStore, chatId: string) => store.getSnapshot().chats.find((c) => c.id === chatId);

/** Fake timers for the store's clocks only: fake-indexeddb schedules its work with setImmediate, which must stay real. */
export function useFakeClock(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
}
