import type { StoredAttachment } from './attachment-rows';
import { chatRange, type SettingRow } from './db';
import type { IdbWriteMethod } from './idb-writes';
import type { ChatPersistence } from './persistence';
import { toStorageError } from './storage-error';
import type { Chat, Draft, Message } from '../types';

/** One read request's result (plain IndexedDB: the first screen carries no promise wrapper library). */
function result<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Reads from one store (or one of its indexes) in a read-only transaction of its own. */
function readFrom(db: IDBDatabase, store: string, index?: string): IDBObjectStore | IDBIndex {
  const objectStore = db.transaction(store).objectStore(store);
  return index === undefined ? objectStore : objectStore.index(index);
}

async function readNow<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toStorageError(error);
  }
}

/** The methods idb-writes.ts provides, loaded with the first call of any of them. */
const WRITE_METHODS = ['createChat', 'putChat', 'patchChat', 'putMessage', 'putMessages', 'deleteChat', 'restoreChat', 'deleteMessages', 'putMessageWithAttachments', 'putAttachment', 'applySyncedRows', 'importChats', 'existingMessageIds', 'deleteAttachments', 'putDraft', 'deleteDraft', 'putSetting', 'listLibrary', 'putLibrary', 'deleteLibrary'] as const satisfies readonly IdbWriteMethod[];
/** never (and the spread below fails to compile) when a write method is missing from the list. */
type AllWrites<T> = [Exclude<IdbWriteMethod, (typeof WRITE_METHODS)[number]>] extends [never] ? T : never;

/**
 * Chats in IndexedDB (see db.ts for the schema). Reading is here, in the first screen; the
 * writes (idb-writes.ts) load with the first one.
 */
export function createIdbPersistence(raw: IDBDatabase): ChatPersistence {
  type Writes = Pick<ChatPersistence, IdbWriteMethod>;
  let loaded: Writes | undefined;
  let loading: Promise<Writes> | undefined;
  const writer = () =>
    (loading ??= import('./idb-writes').then(
      (module) => (loaded = module.createIdbWrites(raw)),
      (error: unknown) => {
        // A chunk that could not load (offline, a redeploy) is asked for again by the next write.
        loading = undefined;
        throw toStorageError(error);
      },
    ));
  /**
   * A write method: at once when the writes' code is here, else once it is. IndexedDB runs
   * transactions in the order they are created, so a read asked for after a write waits for
   * that write's code too (see `read` below): it then sees the write, as it always did.
   */
  const lazy =
    <K extends IdbWriteMethod>(name: K) =>
    ((...args: Parameters<ChatPersistence[K]>) => {
      const call = (writes: Writes): Promise<unknown> => (writes[name] as (...a: Parameters<ChatPersistence[K]>) => Promise<unknown>)(...args);
      return loaded ? call(loaded) : writer().then(call);
    }) as unknown as ChatPersistence[K];
  const read = async <T>(run: () => Promise<T>): Promise<T> => {
    if (!loaded && loading) await loading.catch(() => {});
    return readNow(run);
  };

  return {
    kind: 'indexeddb',
    // Each write method's name written once (the first screen carries this file).
    ...(Object.fromEntries(WRITE_METHODS.map((name) => [name, lazy(name)])) as AllWrites<Writes>),
    listChats: () => read(async () => (await result<Chat[]>(readFrom(raw, 'chats', 'updatedAt').getAll())).reverse()),
    getChat: (id) => read(() => result<Chat | undefined>(readFrom(raw, 'chats').get(id))),
    listMessages: (chatId) => read(() => result<Message[]>(readFrom(raw, 'messages', 'chatId_createdAt').getAll(chatRange(chatId)))),
    getAttachments: (ids) =>
      read(async () => {
        const store = readFrom(raw, 'attachments');
        const rows = await Promise.all(ids.map((id) => result<StoredAttachment | undefined>(store.get(id))));
        return rows.filter((row): row is StoredAttachment => row !== undefined);
      }),
    listDraftAttachments: (draftKey) =>
      read(async () => (await result<StoredAttachment[]>(readFrom(raw, 'attachments', 'draftKey').getAll(draftKey))).sort((a, b) => a.createdAt - b.createdAt)),
    listChatAttachments: (chatId) => read(() => result<StoredAttachment[]>(readFrom(raw, 'attachments', 'chatId').getAll(chatId))),
    getDraft: (key) => read(() => result<Draft | undefined>(readFrom(raw, 'drafts').get(key))),
    getSetting: async <T>(key: string) => (await read(() => result<SettingRow | undefined>(readFrom(raw, 'settings').get(key))))?.value as T | undefined,

    async searchMessages(query, options) {
      try {
        // Only a search scans: the scanner loads with the first one, not with the first screen.
        const [{ SEARCH_BATCH_SIZE, scanMessages }, { messageBatchesNewestFirst }] = await Promise.all([
          import('../search/search-scan'),
          import('./idb-message-batches'),
        ]);
        return await scanMessages(messageBatchesNewestFirst(raw, SEARCH_BATCH_SIZE), query, options);
      } catch (error) {
        // An abort is the caller's doing, not a storage failure: pass it through as is.
        if (options?.signal?.aborted) throw error;
        throw toStorageError(error);
      }
    },

    close: () => raw.close(),
  };
}
