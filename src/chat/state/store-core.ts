import { connectBroadcast, openBroadcastChannel, type BroadcastLike, type TabNotice } from '../tabs/broadcast';
import type { Persist } from './draft-store';
import { newId } from '../../lib/ids';
import type { OpenedPersistence } from '../persistence';
import type { ChatPersistence } from '../persistence';
import { StorageError, toStorageError } from '../persistence';
import type { EstimateStorage } from '../persistence';
import { createEventEmitter, type EventEmitter, type StorageOperation, type StorageUsage } from './store-events';
import { chatById, initialSnapshot, upsertChat, upsertMessage, withEntry, withMember, withReplyingChats, type ChatStoreSnapshot } from './store-state';
import type { Chat, ChatPatch, Message } from '../types';
import type { UnsavedChanges } from '../unsaved';

/**
 * The chat store's shared machinery, used by its action modules: the snapshot and its
 * listeners, storage access with failures turned into events, and cross-tab notices.
 * Reading needs only this; the bookkeeping of refused writes (unsaved-changes.ts) loads with
 * the actions, before the first write, so the first screen does without it.
 */

/** A repeated storage failure of the same kind is reported at most this often (a failing stream would otherwise warn every second). */
export const STORAGE_EVENT_REPEAT_MS = 10_000;

export type PersistenceSource = ChatPersistence | (() => Promise<OpenedPersistence>);

export interface StoreCore {
  readonly tabId: string;
  readonly events: EventEmitter;
  now(): number;
  snapshot(): ChatStoreSnapshot;
  subscribe(listener: () => void): () => void;
  update(change: (snapshot: ChatStoreSnapshot) => Partial<ChatStoreSnapshot>): void;
  /** Storage once open (opening starts on first use), wrapped by the unsaved-changes bookkeeping once that is loaded. */
  persistence(): Promise<OpenedPersistence>;
  /** Loads the unsaved-changes bookkeeping (every write waits for it); safe to call any number of times. */
  loadUnsaved(): Promise<void>;
  persist: Persist;
  /** `persist` for a write to one chat, tracked so a refresh from storage can't undo it (see `localWrites`). */
  write<T>(chatId: string, operation: StorageOperation, write: (persistence: ChatPersistence) => Promise<T>): Promise<T | undefined>;
  /** How many writes to the chat this tab has started, and whether one is still in flight. */
  localWrites(chatId: string): { started: number; busy: boolean };
  announce(notice: TabNotice): void;
  chat(id: string): Chat | undefined;
  messagesOf(chatId: string): readonly Message[] | undefined;
  findMessage(id: string): Message | undefined;
  setChat(chat: Chat): void;
  /** Applies a patch to the chat in memory; undefined when the chat isn't there. */
  patchChat(id: string, patch: ChatPatch): Chat | undefined;
  setMessage(message: Message): void;
  /** The user's "Try again": writes what is unsaved now; true when everything is stored. */
  retrySaves(): Promise<boolean>;
  /** How full storage is (navigator.storage.estimate), undefined when the browser cannot say. */
  usage(): Promise<StorageUsage | undefined>;
  close(): void;
}

export interface StoreCoreOptions {
  persistence: PersistenceSource;
  now: () => number;
  broadcast: BroadcastLike | null | undefined;
  onNotice(notice: TabNotice): void;
  /** Where 'online', 'focus', 'beforeunload' and 'visibilitychange' fire; null in tests. */
  win?: EventTarget | null;
  doc?: (EventTarget & { visibilityState?: string }) | null;
  /** How full storage is, for the storage-full warning (default: navigator.storage.estimate). */
  estimateStorage?: EstimateStorage | null;
}

export function createStoreCore(options: StoreCoreOptions): StoreCore {
  const { persistence: source, now, broadcast, onNotice } = options;
  const tabId = newId();
  const events = createEventEmitter();
  const listeners = new Set<() => void>();
  let state = initialSnapshot(typeof source === 'function' ? 'indexeddb' : source.kind);
  let opened: Promise<OpenedPersistence> | undefined;
  const lastReported = new Map<string, number>();
  const writes = new Map<string, { started: number; inFlight: number }>();
  const channel = connectBroadcast(broadcast === undefined ? openBroadcastChannel() : broadcast, tabId, onNotice);
  /** What storage refused, kept and retried: loaded before the first write, as nothing is refused before one. */
  let unsaved: UnsavedChanges | undefined;
  let wrapped: ChatPersistence | undefined;
  let unsavedLoading: Promise<void> | undefined;
  let stopWatchingUnsaved = () => {};
  /** Reads how full storage is, once loaded with the bookkeeping (only a full disk asks). */
  let measure: (() => Promise<StorageUsage | undefined>) | undefined;
  let closed = false;
  /** Whether the changes now unsaved have been reported: one warning per spell of a full disk, not one per write. */
  let fullReported = false;

  const reportFull = (operation: StorageOperation) => {
    const emit = (usage?: StorageUsage) => events.emit({ kind: 'storage-full', operation, ...(usage && { usage }) });
    if (!measure) emit();
    else void measure().then(emit);
  };

  const report = (operation: StorageOperation, error: unknown) => {
    const storageError = toStorageError(error);
    if (storageError.kind === 'full' && (unsaved?.snapshot().count ?? 0) > 0) {
      if (!fullReported) reportFull(operation);
      fullReported = true;
      return;
    }
    const key = storageError.kind;
    const last = lastReported.get(key);
    if (last !== undefined && now() - last < STORAGE_EVENT_REPEAT_MS) return;
    lastReported.set(key, now());
    if (storageError.kind === 'full') events.emit({ kind: 'storage-full', operation });
    else {
      events.emit({ kind: 'storage-failed', operation, message: storageError.message, unavailable: storageError.kind === 'unavailable' });
    }
  };

  const onUnsavedChange = () => {
    const next = unsaved!.snapshot();
    const wasUnsaved = state.unsaved.count > 0;
    core.update(() => ({ unsaved: next }));
    if (!wasUnsaved || next.count > 0) return;
    fullReported = false;
    events.emit({ kind: 'storage-saved' });
  };

  const loadUnsaved = () =>
    (unsavedLoading ??= Promise.all([import('../unsaved/unsaved-changes'), import('../persistence/storage-usage')]).then(
      ([{ createUnsavedChanges }, { browserEstimate, readUsage }]) => {
        const estimate = options.estimateStorage === undefined ? browserEstimate() : (options.estimateStorage ?? undefined);
        if (estimate) measure = () => readUsage(estimate);
        if (closed || unsaved) return;
        unsaved = createUnsavedChanges({ win: options.win, doc: options.doc, onStored: (notice) => channel.post(notice) });
        stopWatchingUnsaved = unsaved.subscribe(onUnsavedChange);
      },
      (error: unknown) => {
        // A chunk that failed to load (offline, a redeploy) is asked for again by the next write.
        unsavedLoading = undefined;
        throw error;
      },
    ));

  const core: StoreCore = {
    tabId,
    events,
    now,
    snapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    update(change) {
      const previous = state;
      state = { ...state, ...change(state) };
      if (state.generating !== previous.generating || state.remoteStreams !== previous.remoteStreams) state = withReplyingChats(state);
      for (const listener of [...listeners]) listener();
    },
    persistence() {
      // An opener that fails outright still leaves a working (memory) store, as openPersistence does.
      opened ??= (typeof source === 'function' ? source() : Promise.resolve({ persistence: source })).catch(async (error: unknown) => {
        const { createMemoryPersistence } = await import('../persistence/memory-persistence');
        return {
          persistence: createMemoryPersistence(),
          reason: new StorageError('unavailable', toStorageError(error).message, { cause: error }),
        };
      });
      // Every read and write takes the same steps from here, so they reach storage in the order they were asked.
      return opened.then((result) => (unsaved ? { ...result, persistence: (wrapped ??= unsaved.wrap(result.persistence)) } : result));
    },
    loadUnsaved,
    async persist(operation, write) {
      const { persistence } = await core.persistence();
      try {
        return await write(persistence);
      } catch (error) {
        report(operation, error);
        return undefined;
      }
    },
    async write(chatId, operation, write) {
      const entry = writes.get(chatId) ?? { started: 0, inFlight: 0 };
      writes.set(chatId, { started: entry.started + 1, inFlight: entry.inFlight + 1 });
      try {
        // Still unloaded, the write goes ahead untracked rather than not at all.
        if (!unsaved) await loadUnsaved().catch(() => {});
        return await core.persist(operation, write);
      } finally {
        const current = writes.get(chatId)!;
        writes.set(chatId, { started: current.started, inFlight: current.inFlight - 1 });
      }
    },
    localWrites(chatId) {
      const entry = writes.get(chatId);
      return { started: entry?.started ?? 0, busy: (entry?.inFlight ?? 0) > 0 };
    },
    announce: (notice) => channel.post(notice),
    chat: (id) => chatById(state.chats, id),
    messagesOf: (chatId) => state.messages.get(chatId),
    findMessage(id) {
      for (const list of state.messages.values()) {
        const found = list.find((message) => message.id === id);
        if (found) return found;
      }
      return undefined;
    },
    setChat(chat) {
      core.update((s) => ({ chats: upsertChat(s.chats, chat), missing: withMember(s.missing, chat.id, false) }));
    },
    patchChat(id, patch) {
      const chat = core.chat(id);
      if (!chat) return undefined;
      const next = { ...chat, ...patch, id };
      core.update((s) => ({ chats: upsertChat(s.chats, next) }));
      return next;
    },
    async retrySaves() {
      // Nothing was ever refused before the bookkeeping loaded.
      if (!unsaved) return true;
      const saved = await unsaved.retry();
      // The warning closed when Try again was pressed: say again, with fresh figures, that it didn't work.
      if (!saved) reportFull('retry-saves');
      return saved;
    },
    async usage() {
      await loadUnsaved().catch(() => {});
      return measure?.();
    },
    setMessage(message) {
      const list = state.messages.get(message.chatId);
      // Messages are kept only for loaded chats; a chat loaded later reads them from storage.
      if (!list) return;
      core.update((s) => ({ messages: withEntry(s.messages, message.chatId, upsertMessage(list, message)) }));
    },
    close() {
      closed = true;
      unsaved?.dispose();
      stopWatchingUnsaved();
      channel.close();
      // A connection this store opened is this store's to close (one it was given is not).
      if (typeof source === 'function') void opened?.then(({ persistence }) => persistence.close());
    },
  };
  return core;
}
