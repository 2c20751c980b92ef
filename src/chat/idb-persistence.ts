import { unwrap } from 'idb';
import type { StoredAttachment } from './attachment-rows';
import type { ParleyDatabase } from './db';
import type { IdbWriteMethod } from './idb-writes';
import type { ChatPersistence } from './persistence';
import { toStorageError } from './storage-error';

async function read<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toStorageError(error);
  }
}

/** A chat's messages in the `chatId_createdAt` index. */
export function chatRange(chatId: string): IDBKeyRange {
  return IDBKeyRange.bound([chatId, -Infinity], [chatId, Infinity]);
}

/**
 * Chats in IndexedDB (see db.ts for the schema). Reading is here, in the first screen; the
 * writes (idb-writes.ts) load with the first one.
 */
export function createIdbPersistence(db: ParleyDatabase): ChatPersistence {
  const raw = unwrap(db) as IDBDatabase;
  let writes: Promise<Pick<ChatPersistence, IdbWriteMethod>> | undefined;
  const writer = () =>
    (writes ??= import('./idb-writes').then(
      (module) => module.createIdbWrites(raw),
      (error: unknown) => {
        // A chunk that could not load (offline, a redeploy) is asked for again by the next write.
        writes = undefined;
        throw toStorageError(error);
      },
    ));
  /** A write method that waits for the writes' code. */
  const lazy =
    <K extends IdbWriteMethod>(name: K) =>
    (async (...args: Parameters<ChatPersistence[K]>) =>
      ((await writer())[name] as (...a: Parameters<ChatPersistence[K]>) => ReturnType<ChatPersistence[K]>)(...args)) as unknown as ChatPersistence[K];

  return {
    kind: 'indexeddb',
    listChats: () => read(async () => (await db.getAllFromIndex('chats', 'updatedAt')).reverse()),
    getChat: (id) => read(() => db.get('chats', id)),
    listMessages: (chatId) => read(() => db.getAllFromIndex('messages', 'chatId_createdAt', chatRange(chatId))),
    createChat: lazy('createChat'),
    putChat: lazy('putChat'),
    patchChat: lazy('patchChat'),
    putMessage: lazy('putMessage'),
    deleteChat: lazy('deleteChat'),
    restoreChat: lazy('restoreChat'),
    deleteMessages: lazy('deleteMessages'),
    putMessageWithAttachments: lazy('putMessageWithAttachments'),
    putAttachment: lazy('putAttachment'),
    getAttachments: (ids) =>
      read(async () => {
        const tx = db.transaction('attachments');
        const rows = await Promise.all(ids.map((id) => tx.store.get(id)));
        return rows.filter((row): row is StoredAttachment => row !== undefined);
      }),
    listDraftAttachments: (draftKey) =>
      read(async () => (await db.getAllFromIndex('attachments', 'draftKey', draftKey)).sort((a, b) => a.createdAt - b.createdAt)),
    listChatAttachments: (chatId) => read(() => db.getAllFromIndex('attachments', 'chatId', chatId)),
    deleteAttachments: lazy('deleteAttachments'),
    getDraft: (key) => read(() => db.get('drafts', key)),
    putDraft: lazy('putDraft'),
    deleteDraft: lazy('deleteDraft'),
    getSetting: async <T>(key: string) => (await read(() => db.get('settings', key)))?.value as T | undefined,
    putSetting: lazy('putSetting'),

    async searchMessages(query, options) {
      try {
        // Only a search scans: the scanner loads with the first one, not with the first screen.
        const [{ SEARCH_BATCH_SIZE, scanMessages }, { messageBatchesNewestFirst }] = await Promise.all([
          import('./search-scan'),
          import('./idb-message-batches'),
        ]);
        return await scanMessages(messageBatchesNewestFirst(db, SEARCH_BATCH_SIZE), query, options);
      } catch (error) {
        // An abort is the caller's doing, not a storage failure: pass it through as is.
        if (options?.signal?.aborted) throw error;
        throw toStorageError(error);
      }
    },

    close: () => db.close(),
  };
}
