import type { StoredAttachment } from './attachment-rows';
import { safeStoredAttachment } from '../attachments';
import { applyChatPatch, type ChatPersistence } from './persistence';
import { SEARCH_BATCH_SIZE, scanMessages } from '../search';
import { toStorageError } from './storage-error';
import { compareMessages } from './message-order';
import { yieldToEventLoop } from '../../lib/yield-to-event-loop';
import type { Chat, Draft, LibraryRecord, Message } from '../types';

/**
 * The same contract as IndexedDB, held in memory for one session (IndexedDB unavailable, and
 * tests). Rows are cloned in and out as IndexedDB would, keys are validated the same way, and
 * every multi-row write checks everything before changing anything, so it is just as atomic.
 */

function dataError(message: string): DOMException {
  return new DOMException(message, 'DataError');
}

function assertKey(value: unknown, what: string): asserts value is string | number {
  const valid = typeof value === 'string' || (typeof value === 'number' && !Number.isNaN(value));
  if (!valid) throw dataError(`${what} is not a valid key`);
}

const clone = <T>(value: T): T => structuredClone(value);

/** Runs a storage step with IndexedDB's error shape (a StorageError), as an async call. */
async function run<T>(step: () => T): Promise<T> {
  try {
    return step();
  } catch (error) {
    throw toStorageError(error);
  }
}

/** An import clones its rows in slices this long, then stores them all at once: atomic, and no long task. */
const IMPORT_SLICE_MS = 12;

const byUpdatedNewestFirst = (a: Chat, b: Chat) => b.updatedAt - a.updatedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export function createMemoryPersistence(): ChatPersistence {
  const chats = new Map<string, Chat>();
  /** Messages per chat, so loading one chat doesn't scan them all. */
  const messages = new Map<string, Map<string, Message>>();
  /** Which chat holds each message id: ids are unique across chats, as the IndexedDB key is. */
  const chatOfMessage = new Map<string, string>();
  const drafts = new Map<string, Draft>();
  const settings = new Map<string, unknown>();
  const library = new Map<string, LibraryRecord>();
  const attachments = new Map<string, StoredAttachment>();
  const rowsWhere = (test: (row: StoredAttachment) => boolean) =>
    [...attachments.values()].filter(test).sort((a, b) => a.createdAt - b.createdAt);

  const messagesOf = (chatId: string) => {
    let rows = messages.get(chatId);
    if (!rows) messages.set(chatId, (rows = new Map()));
    return rows;
  };
  const storeMessage = (message: Message) => {
    const previousChat = chatOfMessage.get(message.id);
    if (previousChat !== undefined && previousChat !== message.chatId) messages.get(previousChat)?.delete(message.id);
    chatOfMessage.set(message.id, message.chatId);
    messagesOf(message.chatId).set(message.id, clone(message));
  };
  const checkMessages = (rows: readonly Message[]) => {
    for (const message of rows) assertKey(message?.id, 'A message id');
  };

  async function* batchesNewestFirst(): AsyncGenerator<Message[]> {
    const all = [...messages.values()].flatMap((rows) => [...rows.values()]);
    all.sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    for (let start = 0; start < all.length; start += SEARCH_BATCH_SIZE) yield all.slice(start, start + SEARCH_BATCH_SIZE);
  }

  return {
    kind: 'memory',
    listChats: () => run(() => [...chats.values()].sort(byUpdatedNewestFirst).map(clone)),
    getChat: (id) => run(() => clone(chats.get(id))),
    listMessages: (chatId) => run(() => [...(messages.get(chatId)?.values() ?? [])].sort(compareMessages).map(clone)),

    createChat: (chat, rows) =>
      run(() => {
        assertKey(chat?.id, 'A chat id');
        checkMessages(rows);
        const exists = chats.has(chat.id) || rows.some((message) => chatOfMessage.has(message.id));
        if (exists) throw new DOMException('The chat or a message already exists', 'ConstraintError');
        chats.set(chat.id, clone(chat));
        for (const message of rows) storeMessage(message);
      }),

    putChat: (chat) =>
      run(() => {
        assertKey(chat?.id, 'A chat id');
        chats.set(chat.id, clone(chat));
      }),

    patchChat: (id, patch) =>
      run(() => {
        const chat = chats.get(id);
        if (!chat) return undefined;
        const next = applyChatPatch(chat, patch);
        chats.set(id, clone(next));
        return clone(next);
      }),

    putMessage: (message, chatPatch) =>
      run(() => {
        checkMessages([message]);
        const chat = chats.get(message.chatId);
        if (!chat) return false;
        storeMessage(message);
        if (chatPatch) chats.set(chat.id, clone(applyChatPatch(chat, chatPatch)));
        return true;
      }),

    putMessages: (chatId, rows, chatPatch) =>
      run(() => {
        checkMessages(rows);
        const chat = chats.get(chatId);
        if (!chat || rows.some((message) => message.chatId !== chatId)) return false;
        for (const message of rows) storeMessage(message);
        if (chatPatch) chats.set(chat.id, clone(applyChatPatch(chat, chatPatch)));
        return true;
      }),

    deleteChat: (id) =>
      run(() => {
        const chat = chats.get(id);
        if (!chat) return undefined;
        const rows = [...(messages.get(id)?.values() ?? [])].sort(compareMessages);
        const draft = drafts.get(id);
        const owned = rowsWhere((row) => row.chatId === id || row.draftKey === id);
        chats.delete(id);
        for (const message of rows) chatOfMessage.delete(message.id);
        messages.delete(id);
        drafts.delete(id);
        for (const row of owned) attachments.delete(row.id);
        return { chat, messages: rows, draft, attachments: owned };
      }),

    restoreChat: (chat, rows, draft, attachmentRows = []) =>
      run(() => {
        assertKey(chat?.id, 'A chat id');
        checkMessages(rows);
        if (draft) assertKey(draft.key, 'A draft key');
        for (const row of attachmentRows) assertKey(row?.id, 'An attachment id');
        chats.set(chat.id, clone(chat));
        for (const message of rows) storeMessage(message);
        if (draft) drafts.set(draft.key, clone(draft));
        for (const row of attachmentRows) attachments.set(row.id, clone(safeStoredAttachment(row)));
      }),

    deleteMessages: (chatId, ids, chatPatch) =>
      run(() => {
        const rows = messages.get(chatId);
        const doomed = new Set(ids);
        for (const id of ids) {
          if (rows?.delete(id)) chatOfMessage.delete(id);
        }
        const removed = rowsWhere((row) => row.messageId !== undefined && doomed.has(row.messageId));
        for (const row of removed) attachments.delete(row.id);
        const chat = chats.get(chatId);
        if (chat && chatPatch) chats.set(chatId, clone(applyChatPatch(chat, chatPatch)));
        return removed;
      }),

    putMessageWithAttachments: (message, rows, { create, patch }) =>
      run(() => {
        checkMessages([message]);
        for (const row of rows) assertKey(row?.id, 'An attachment id');
        if (create) {
          assertKey(create.id, 'A chat id');
          if (chats.has(create.id)) throw new DOMException('The chat already exists', 'ConstraintError');
          chats.set(create.id, clone(create));
        }
        const chat = chats.get(message.chatId);
        if (!chat) return false;
        storeMessage(message);
        for (const row of rows) attachments.set(row.id, clone(safeStoredAttachment(row)));
        if (patch) chats.set(chat.id, clone(applyChatPatch(chat, patch)));
        return true;
      }),

    putAttachment: (row) =>
      run(() => {
        assertKey(row?.id, 'An attachment id');
        attachments.set(row.id, clone(safeStoredAttachment(row)));
      }),
    applySyncedRows: ({ chats: rows, messages: arriving, same }) =>
      run(() => {
        for (const chat of rows) assertKey(chat?.id, 'A chat id');
        checkMessages(arriving);
        const changed = new Set<string>();
        const orphans: Message[] = [];
        const inBatch = new Set(rows.map((chat) => chat.id));
        for (const chat of rows) {
          const stored = chats.get(chat.id);
          if (stored && same(stored, chat)) continue;
          chats.set(chat.id, clone(chat));
          changed.add(chat.id);
        }
        for (const message of arriving) {
          if (!inBatch.has(message.chatId) && !chats.has(message.chatId)) {
            orphans.push(clone(message));
            continue;
          }
          const stored = messages.get(message.chatId)?.get(message.id);
          if (stored && same(stored, message)) continue;
          storeMessage(message);
          changed.add(message.chatId);
        }
        return { changed: [...changed], orphans };
      }),

    async importChats(batch, { signal, onProgress } = {}) {
      await run(() => {
        for (const chat of batch.chats) assertKey(chat?.id, 'A chat id');
        checkMessages(batch.messages);
        for (const row of batch.attachments) assertKey(row?.id, 'An attachment id');
        for (const row of batch.settings ?? []) assertKey(row?.key, 'A setting key');
        for (const row of batch.library ?? []) assertKey(row?.id, 'A library id');
        // As IndexedDB's `add`: an id already stored, or twice in the batch, fails the whole import.
        const unique = (ids: string[], stored: { has(id: string): boolean }) => new Set(ids).size === ids.length && !ids.some((id) => stored.has(id));
        const taken =
          !unique(batch.chats.map((chat) => chat.id), chats) ||
          !unique(batch.messages.map((message) => message.id), chatOfMessage) ||
          !unique(batch.attachments.map((row) => row.id), attachments) ||
          !unique((batch.settings ?? []).map((row) => row.key), settings) ||
          !unique((batch.library ?? []).map((row) => row.id), library);
        if (taken) throw new DOMException('A chat, message or attachment of the import already exists', 'ConstraintError');
      });
      const rowsOfSettings = batch.settings ?? [];
      const rowsOfLibrary = batch.library ?? [];
      const total = batch.chats.length + batch.messages.length + batch.attachments.length + rowsOfSettings.length + rowsOfLibrary.length;
      const copies = {
        chats: [] as Chat[],
        messages: [] as Message[],
        attachments: [] as StoredAttachment[],
        settings: [] as { key: string; value: unknown }[],
        library: [] as LibraryRecord[],
      };
      const done = () => copies.chats.length + copies.messages.length + copies.attachments.length + copies.settings.length + copies.library.length;
      onProgress?.(0, total);
      signal?.throwIfAborted();
      let sliceEnd = performance.now() + IMPORT_SLICE_MS;
      const sources = { chats: batch.chats, messages: batch.messages, attachments: batch.attachments, settings: rowsOfSettings, library: rowsOfLibrary };
      for (const key of ['chats', 'messages', 'attachments', 'settings', 'library'] as const) {
        for (const row of sources[key] as object[]) {
          if (performance.now() > sliceEnd) {
            onProgress?.(done(), total);
            await yieldToEventLoop();
            sliceEnd = performance.now() + IMPORT_SLICE_MS;
          }
          signal?.throwIfAborted();
          // A row that cannot be stored fails as IndexedDB's would: a StorageError, nothing stored.
          (copies[key] as object[]).push(await run(() => clone(key === 'attachments' ? safeStoredAttachment(row as StoredAttachment) : row)));
        }
      }
      signal?.throwIfAborted();
      // Nothing is stored until here, and nothing below can fail: all or nothing.
      for (const chat of copies.chats) chats.set(chat.id, chat);
      for (const message of copies.messages) storeMessage(message);
      for (const row of copies.attachments) attachments.set(row.id, row);
      for (const row of copies.settings) settings.set(row.key, row.value);
      for (const row of copies.library) library.set(row.id, row);
      onProgress?.(total, total);
    },

    existingMessageIds: (ids) => run(() => ids.filter((id) => chatOfMessage.has(id))),
    getAttachments: (ids) => run(() => ids.flatMap((id) => (attachments.has(id) ? [clone(attachments.get(id)!)] : []))),
    listDraftAttachments: (draftKey) => run(() => rowsWhere((row) => row.draftKey === draftKey).map(clone)),
    listChatAttachments: (chatId) => run(() => rowsWhere((row) => row.chatId === chatId).map(clone)),
    deleteAttachments: (ids) =>
      run(() => {
        for (const id of ids) attachments.delete(id);
      }),

    getDraft: (key) => run(() => clone(drafts.get(key))),
    putDraft: (draft) =>
      run(() => {
        assertKey(draft?.key, 'A draft key');
        drafts.set(draft.key, clone(draft));
      }),
    deleteDraft: (key) => run(() => void drafts.delete(key)),
    getSetting: <T>(key: string) => run(() => clone(settings.get(key)) as T | undefined),
    putSetting: (key, value) =>
      run(() => {
        assertKey(key, 'A setting key');
        settings.set(key, clone(value));
      }),

    listLibrary: () => run(() => [...library.values()].map(clone)),
    putLibrary: (record) =>
      run(() => {
        assertKey(record?.id, 'A library id');
        library.set(record.id, clone(record));
      }),
    deleteLibrary: (id) => run(() => void library.delete(id)),

    searchMessages: (query, options) => scanMessages(batchesNewestFirst(), query, options),
    close: () => {},
  };
}
