// Where a chat's queue is kept: a settings row through the chat store's storage (IndexedDB, or its memory fallback).
import type { ChatStore } from '../store';
import { queueSettingKey, readQueuedRow, type QueuedMessage } from './queued-message';

export interface QueueIo {
  read(chatId: string): Promise<QueuedMessage[]>;
  /** False when storage refused it (the chat store reported why). */
  write(chatId: string, items: readonly QueuedMessage[]): Promise<boolean>;
}

/** The chat store's storage; its failures are reported as the store reports its own. */
export function chatStoreQueueIo(store: Pick<ChatStore, 'withStorage'>): QueueIo {
  return {
    read: async (chatId) => readQueuedRow(chatId, await store.withStorage('load', (p) => p.getSetting(queueSettingKey(chatId)))),
    write: async (chatId, items) =>
      (await store.withStorage('save-setting', async (p) => {
        await p.putSetting(queueSettingKey(chatId), items.length > 0 ? items : null);
        return true;
      })) ?? false,
  };
}
