// Two "devices" for sync tests: each its own storage (memory persistence) and its own replica
// (PouchDB's memory adapter standing in for IndexedDB), syncing through the real test server.
import PouchDB, { type PouchDatabase } from 'pouchdb-core';
import memoryAdapter from 'pouchdb-adapter-memory';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import type { ChatPersistence } from '../../../src/chat/persistence/persistence';
import { startSync, type StartSyncOptions, type SyncHandle } from '../../../src/chat/sync/sync-controller';
import { createLibraryStore, type LibraryIo, type LibraryStore } from '../../../src/chat/library';
import type { SyncRefusal } from '../../../src/chat/sync/sync-notices';
import type { SyncStatus } from '../../../src/chat/sync/sync-status';
import type { Chat, Message } from '../../../src/chat/types';

PouchDB.plugin(memoryAdapter);
let replicas = 0;

export interface Device {
  persistence: ChatPersistence;
  statuses: SyncStatus[];
  /** What sync refused from the server (encrypted): what Settings → Sync would list. */
  refusals: SyncRefusal[];
  announced: string[];
  /** Each announcement's chats: sync announces once per slice of documents, not per document. */
  announcements: string[][];
  handle: SyncHandle;
  /** Its replica (what the pull writes into), for tests that pull by hand while sync is stopped. */
  replica: PouchDatabase;
  /** Its library store over its storage, wired to sync as the app's sync service wires the app's (issue 23). */
  library: LibraryStore;
  start(): Promise<SyncHandle>;
}

/** A library store's storage on a device's persistence; no starter prompts (the tests make their own rows). */
export function libraryIo(persistence: ChatPersistence): LibraryIo {
  return {
    list: () => persistence.listLibrary(),
    put: async (record) => (await persistence.putLibrary(record), true),
    add: async (records) => (await persistence.importChats({ chats: [], messages: [], attachments: [], library: records }), true),
    delete: async (id) => (await persistence.deleteLibrary(id), true),
    startersAdded: async () => true,
    markStartersAdded: async () => {},
  };
}

export async function device(options: Omit<StartSyncOptions, 'persistence' | 'announce' | 'onStatus' | 'local'>, start = true): Promise<Device> {
  const persistence = createMemoryPersistence();
  const local = new PouchDB(`device-${++replicas}`, { adapter: 'memory' });
  const library = createLibraryStore({ io: libraryIo(persistence), channel: null });
  library.onLocalChange((change) => void self.handle?.exportLibrary(change.id));
  const self: Device = {
    persistence,
    statuses: [],
    refusals: [],
    announced: [],
    announcements: [],
    handle: undefined as unknown as SyncHandle,
    replica: local,
    library,
    async start() {
      self.handle = await startSync({ ...options, persistence, local, library, announce: (ids) => {
          self.announced.push(...ids);
          self.announcements.push([...ids]);
        }, onStatus: (status) => self.statuses.push(status), onRefused: (refusal) => self.refusals.push(refusal) });
      return self.handle;
    },
  };
  if (start) await self.start();
  return self;
}

/** Polls until `check` passes (replication is asynchronous), or fails with its last error. */
export async function eventually(check: () => Promise<void> | void, timeoutMs = 8000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

let ids = 0;
export function chat(fields: Partial<Chat> = {}): Chat {
  const at = Date.now();
  return { id: `c${++ids}-${at}`, title: 'A chat', titleSource: 'user', createdAt: at, updatedAt: at, pinned: false, ...fields };
}

export function message(chatId: string, fields: Partial<Message> = {}): Message {
  return { id: `m${++ids}-${Date.now()}`, chatId, parentId: null, role: 'user', content: 'Hello', status: 'complete', createdAt: Date.now(), ...fields };
}
