// A device for sync tests as the app has it: Parley's IndexedDB store and PouchDB's IndexedDB
// replica (over fake-indexeddb), syncing with a database on the real CouchDB-protocol test server.
import 'fake-indexeddb/auto';
import PouchDB from 'pouchdb-core';
import idbAdapter from 'pouchdb-adapter-idb';
import { expect } from 'vitest';
import { openDatabase } from '../../../src/chat/persistence/db';
import { createIdbPersistence } from '../../../src/chat/persistence/idb-persistence';
import type { ChatPersistence } from '../../../src/chat/persistence/persistence';
import { startSync, type SyncHandle } from '../../../src/chat/sync/sync-controller';
import type { SyncRefusal } from '../../../src/chat/sync/sync-notices';
import type { SyncStatus } from '../../../src/chat/sync/sync-status';
import type { CouchServer } from '../../support/couch-server/index.mjs';
import { eventually } from './two-devices';

PouchDB.plugin(idbAdapter);
// PouchDB's IndexedDB adapter reads navigator.userAgent when it opens a database; Node 20 has no navigator.
globalThis.navigator ??= { userAgent: 'Node.js' } as Navigator;

type PouchDatabase = InstanceType<typeof PouchDB>;
let databases = 0;

/** A new database on the test server holding `docs`, in this order (the order of its changes feed). */
export async function serverWith(couch: CouchServer, docs: readonly object[]): Promise<string> {
  const db = `rows-${++databases}`;
  await couch.createDb(db);
  const response = await fetch(`${couch.url}/${db}/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ docs }) });
  expect(response.ok).toBe(true);
  const results = (await response.json()) as { ok?: boolean }[];
  expect(results.every((result) => result.ok)).toBe(true);
  return db;
}

export interface IdbDevice {
  persistence: ChatPersistence;
  replica: PouchDatabase;
  statuses: SyncStatus[];
  refusals: SyncRefusal[];
  /** Rows written through applySyncedRows (each call's chats and messages). */
  written: number;
  handle?: SyncHandle;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function idbDevice(couch: CouchServer, db: string, passphrase?: string): Promise<IdbDevice> {
  const stored = createIdbPersistence(await openDatabase(indexedDB, { name: `parley-${db}` }));
  const self: IdbDevice = {
    persistence: {
      ...stored,
      async applySyncedRows(rows) {
        self.written += rows.chats.length + rows.messages.length;
        return stored.applySyncedRows(rows);
      },
    },
    replica: new PouchDB(`replica-${db}`, { adapter: 'idb' }),
    statuses: [],
    refusals: [],
    written: 0,
    async start() {
      self.handle = await startSync({
        url: couch.url,
        db,
        auth: { kind: 'none' },
        ...(passphrase && { passphrase }),
        persistence: self.persistence,
        local: self.replica,
        announce: () => {},
        onStatus: (status) => self.statuses.push(status),
        onRefused: (refusal) => self.refusals.push(refusal),
      });
    },
    async stop() {
      await self.handle?.stop();
      self.handle = undefined;
    },
  };
  return self;
}

/** Caught up: the last status is "synced" or "incomplete", not "syncing" or "connecting". */
export const settled = (device: IdbDevice) => eventually(() => expect(['synced', 'incomplete']).toContain(device.statuses.at(-1)?.state), 30_000);
