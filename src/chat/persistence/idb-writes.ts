import type { StoredAttachment } from './attachment-rows';
import { safeStoredAttachment } from '../attachments';
import { chatRange, type SettingRow } from './db';
import { applyChatPatch, type ChatPersistence, type DeletedChat } from './persistence';
import { toStorageError } from './storage-error';
import type { Chat, Draft, LibraryRecord, Message } from '../types';

/**
 * Everything that writes to IndexedDB (idb-persistence.ts reads): loaded with the first write,
 * which waits for the unsaved-changes bookkeeping anyway (store-core.ts), not with the first screen.
 */

type StoreName = 'chats' | 'messages' | 'drafts' | 'settings' | 'attachments' | 'library';

/** An import issues its rows in slices this long, continued from the last request's success, so no task is long. */
const IMPORT_SLICE_MS = 12;

/** Wraps request callbacks so an exception inside one aborts the whole transaction. */
type Guard = <A extends unknown[]>(callback: (...args: A) => void) => (...args: A) => void;

function transactionDone(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new DOMException('The write was aborted', 'AbortError'));
  });
}

/**
 * Runs a read-write transaction with plain IDB requests and callbacks (no promise per request,
 * so an abort can't leave unhandled rejections behind). Any exception — a bad key, a throwing
 * callback — aborts the transaction, so nothing of it is stored.
 */
async function write(db: IDBDatabase, stores: StoreName[], body: (tx: IDBTransaction, guard: Guard) => void): Promise<void> {
  let tx: IDBTransaction;
  try {
    tx = db.transaction(stores, 'readwrite');
  } catch (error) {
    throw toStorageError(error);
  }
  const done = transactionDone(tx);
  let failure: unknown;
  const fail = (error: unknown) => {
    failure ??= error;
    try {
      tx.abort();
    } catch {
      // Already finished or aborting.
    }
  };
  const guard: Guard =
    (callback) =>
    (...args) => {
      try {
        callback(...args);
      } catch (error) {
        fail(error);
      }
    };
  guard(body)(tx, guard);
  try {
    await done;
  } catch (error) {
    throw toStorageError(failure ?? error, tx);
  }
}

/** The write methods of ChatPersistence. */
export type IdbWriteMethod =
  | 'createChat'
  | 'putChat'
  | 'patchChat'
  | 'putMessage'
  | 'putMessages'
  | 'deleteChat'
  | 'restoreChat'
  | 'deleteMessages'
  | 'putMessageWithAttachments'
  | 'putAttachment'
  | 'applySyncedRows'
  | 'importChats'
  | 'existingMessageIds'
  | 'deleteAttachments'
  | 'putDraft'
  | 'deleteDraft'
  | 'putSetting'
  | 'listLibrary'
  | 'putLibrary'
  | 'deleteLibrary';

export function createIdbWrites(raw: IDBDatabase): Pick<ChatPersistence, IdbWriteMethod> {
  return {
    createChat: (chat, messages) =>
      write(raw, ['chats', 'messages'], (tx) => {
        tx.objectStore('chats').add(chat);
        for (const message of messages) tx.objectStore('messages').add(message);
      }),

    putChat: (chat) => write(raw, ['chats'], (tx) => void tx.objectStore('chats').put(chat)),

    async patchChat(id, patch) {
      let result: Chat | undefined;
      await write(raw, ['chats'], (tx, guard) => {
        const chats = tx.objectStore('chats');
        const request = chats.get(id) as IDBRequest<Chat | undefined>;
        request.onsuccess = guard(() => {
          if (!request.result) return;
          result = applyChatPatch(request.result, patch);
          chats.put(result);
        });
      });
      return result;
    },

    async putMessage(message, chatPatch) {
      let stored = false;
      await write(raw, ['chats', 'messages'], (tx, guard) => {
        const chats = tx.objectStore('chats');
        const request = chats.get(message.chatId) as IDBRequest<Chat | undefined>;
        request.onsuccess = guard(() => {
          // A reply finishing after its chat was deleted must not leave an orphan row.
          if (!request.result) return;
          tx.objectStore('messages').put(message);
          if (chatPatch) chats.put(applyChatPatch(request.result, chatPatch));
          stored = true;
        });
      });
      return stored;
    },

    async putMessages(chatId, messages, chatPatch) {
      let stored = false;
      await write(raw, ['chats', 'messages'], (tx, guard) => {
        const chats = tx.objectStore('chats');
        const request = chats.get(chatId) as IDBRequest<Chat | undefined>;
        request.onsuccess = guard(() => {
          if (!request.result || messages.some((message) => message.chatId !== chatId)) return;
          for (const message of messages) tx.objectStore('messages').put(message);
          if (chatPatch) chats.put(applyChatPatch(request.result, chatPatch));
          stored = true;
        });
      });
      return stored;
    },

    async deleteChat(id) {
      let deleted: DeletedChat | undefined;
      await write(raw, ['chats', 'messages', 'drafts', 'attachments'], (tx, guard) => {
        const chatRequest = tx.objectStore('chats').get(id) as IDBRequest<Chat | undefined>;
        const messagesRequest = tx.objectStore('messages').index('chatId_createdAt').getAll(chatRange(id)) as IDBRequest<Message[]>;
        const draftRequest = tx.objectStore('drafts').get(id) as IDBRequest<Draft | undefined>;
        const attachments = tx.objectStore('attachments');
        const ownedRequest = attachments.index('chatId').getAll(id) as IDBRequest<StoredAttachment[]>;
        const draftRowsRequest = attachments.index('draftKey').getAll(id) as IDBRequest<StoredAttachment[]>;
        // Requests in one transaction complete in order, so every result exists here.
        draftRowsRequest.onsuccess = guard(() => {
          const chat = chatRequest.result;
          if (!chat) return;
          const rows = [...ownedRequest.result, ...draftRowsRequest.result];
          deleted = { chat, messages: messagesRequest.result, draft: draftRequest.result, attachments: rows };
          for (const message of messagesRequest.result) tx.objectStore('messages').delete(message.id);
          for (const row of rows) attachments.delete(row.id);
          tx.objectStore('chats').delete(id);
          tx.objectStore('drafts').delete(id);
        });
      });
      return deleted;
    },

    restoreChat: (chat, messages, draft, rows = []) =>
      write(raw, ['chats', 'messages', 'drafts', 'attachments'], (tx) => {
        tx.objectStore('chats').put(chat);
        for (const message of messages) tx.objectStore('messages').put(message);
        if (draft) tx.objectStore('drafts').put(draft);
        for (const row of rows) tx.objectStore('attachments').put(safeStoredAttachment(row));
      }),

    async deleteMessages(chatId, ids, chatPatch) {
      const removed: StoredAttachment[] = [];
      await write(raw, ['chats', 'messages', 'attachments'], (tx, guard) => {
        const attachments = tx.objectStore('attachments');
        for (const id of ids) {
          tx.objectStore('messages').delete(id);
          const owned = attachments.index('messageId').getAll(id) as IDBRequest<StoredAttachment[]>;
          owned.onsuccess = guard(() => {
            for (const row of owned.result) {
              removed.push(row);
              attachments.delete(row.id);
            }
          });
        }
        if (!chatPatch) return;
        const chats = tx.objectStore('chats');
        const request = chats.get(chatId) as IDBRequest<Chat | undefined>;
        request.onsuccess = guard(() => {
          if (request.result) chats.put(applyChatPatch(request.result, chatPatch));
        });
      });
      return removed;
    },

    async putMessageWithAttachments(message, rows, { create, patch }) {
      let stored = false;
      await write(raw, ['chats', 'messages', 'attachments'], (tx, guard) => {
        const chats = tx.objectStore('chats');
        const store = () => {
          tx.objectStore('messages').put(message);
          for (const row of rows) tx.objectStore('attachments').put(safeStoredAttachment(row));
          stored = true;
        };
        if (create) {
          chats.add(create);
          return store();
        }
        const request = chats.get(message.chatId) as IDBRequest<Chat | undefined>;
        request.onsuccess = guard(() => {
          if (!request.result) return;
          store();
          if (patch) chats.put(applyChatPatch(request.result, patch));
        });
      });
      return stored;
    },

    async applySyncedRows({ chats, messages, same }) {
      const changed = new Set<string>();
      const orphans: Message[] = [];
      await write(raw, ['chats', 'messages'], (tx, guard) => {
        const chatStore = tx.objectStore('chats');
        const messageStore = tx.objectStore('messages');
        const arriving = new Set(chats.map((chat) => chat.id));
        // Every read is issued at once; requests complete in order, so the last one's success sees every result.
        const storedChats = chats.map((chat) => chatStore.get(chat.id) as IDBRequest<Chat | undefined>);
        const owners = new Map<string, IDBRequest<IDBValidKey | undefined>>();
        for (const message of messages) if (!arriving.has(message.chatId) && !owners.has(message.chatId)) owners.set(message.chatId, chatStore.getKey(message.chatId));
        const storedMessages = messages.map((message) => messageStore.get(message.id) as IDBRequest<Message | undefined>);
        const last = storedMessages.at(-1) ?? [...owners.values()].at(-1) ?? storedChats.at(-1);
        if (!last) return;
        last.onsuccess = guard(() => {
          for (const [index, chat] of chats.entries()) {
            const stored = storedChats[index]!.result;
            if (stored && same(stored, chat)) continue;
            chatStore.put(chat);
            changed.add(chat.id);
          }
          for (const [index, message] of messages.entries()) {
            if (!arriving.has(message.chatId) && owners.get(message.chatId)!.result === undefined) {
              orphans.push(message);
              continue;
            }
            const stored = storedMessages[index]!.result;
            if (stored && same(stored, message)) continue;
            messageStore.put(message);
            changed.add(message.chatId);
          }
        });
      });
      return { changed: [...changed], orphans };
    },

    async importChats(batch, { signal, onProgress } = {}) {
      const rows: [StoreName, unknown][] = [
        ...batch.chats.map((row): [StoreName, unknown] => ['chats', row]),
        ...batch.messages.map((row): [StoreName, unknown] => ['messages', row]),
        ...batch.attachments.map((row): [StoreName, unknown] => ['attachments', safeStoredAttachment(row)]),
        ...(batch.settings ?? []).map((row): [StoreName, unknown] => ['settings', row]),
        ...(batch.library ?? []).map((row): [StoreName, unknown] => ['library', row]),
      ];
      const stores: StoreName[] = ['chats', 'messages', 'attachments'];
      if (batch.settings?.length) stores.push('settings');
      if (batch.library?.length) stores.push('library');
      signal?.throwIfAborted();
      let stopAbort = () => {};
      try {
        await write(raw, stores, (tx, guard) => {
          let next = 0;
          // One transaction keeps the import atomic; slicing its requests keeps the page responsive.
          const issue = guard(() => {
            onProgress?.(next, rows.length);
            signal?.throwIfAborted();
            const sliceEnd = performance.now() + IMPORT_SLICE_MS;
            let last: IDBRequest | undefined;
            // `add`, never `put`: an id that is already stored fails the import instead of replacing a row.
            while (next < rows.length && (last === undefined || performance.now() < sliceEnd)) {
              const [store, row] = rows[next++]!;
              last = tx.objectStore(store).add(row);
            }
            if (last && next < rows.length) last.onsuccess = issue;
            else onProgress?.(next, rows.length);
          });
          const onAbort = guard(() => signal?.throwIfAborted());
          signal?.addEventListener('abort', onAbort, { once: true });
          stopAbort = () => signal?.removeEventListener('abort', onAbort);
          issue();
        });
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        throw error;
      } finally {
        stopAbort();
      }
    },

    // A read, but only a restore asks it (before its write): it loads with the writes, not with the first screen.
    async existingMessageIds(ids) {
      const found: string[] = [];
      await new Promise<void>((resolve, reject) => {
        let tx: IDBTransaction;
        try {
          tx = raw.transaction('messages');
        } catch (error) {
          reject(toStorageError(error));
          return;
        }
        const store = tx.objectStore('messages');
        for (const id of ids) {
          const request = store.getKey(id);
          request.onsuccess = () => void (request.result !== undefined && found.push(id));
        }
        tx.oncomplete = () => resolve();
        tx.onabort = tx.onerror = () => reject(toStorageError(tx.error));
      });
      return ids.filter((id) => found.includes(id));
    },

    // Every stored row passes safeStoredAttachment: no picture keeps an active document type.
    putAttachment: (row) => write(raw, ['attachments'], (tx) => void tx.objectStore('attachments').put(safeStoredAttachment(row))),
    deleteAttachments: (ids) =>
      write(raw, ['attachments'], (tx) => {
        for (const id of ids) tx.objectStore('attachments').delete(id);
      }),

    putDraft: (draft) => write(raw, ['drafts'], (tx) => void tx.objectStore('drafts').put(draft)),
    deleteDraft: (key) => write(raw, ['drafts'], (tx) => void tx.objectStore('drafts').delete(key)),
    putSetting: (key, value) =>
      write(raw, ['settings'], (tx) => void tx.objectStore('settings').put({ key, value } satisfies SettingRow)),

    // Read here, with the writes: the library is read once, after the first screen.
    async listLibrary() {
      let rows: LibraryRecord[] = [];
      await write(raw, ['library'], (tx, guard) => {
        const request = tx.objectStore('library').getAll() as IDBRequest<LibraryRecord[]>;
        request.onsuccess = guard(() => void (rows = request.result));
      });
      return rows;
    },
    putLibrary: (record) => write(raw, ['library'], (tx) => void tx.objectStore('library').put(record)),
    deleteLibrary: (id) => write(raw, ['library'], (tx) => void tx.objectStore('library').delete(id)),

  };
}
