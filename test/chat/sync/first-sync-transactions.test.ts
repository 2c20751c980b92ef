// @vitest-environment node
// What a first sync costs in IndexedDB transactions (issue 25), counted without timing: the whole
// pipeline (the real test server, PouchDB's IndexedDB replica, the bridge, Parley's IndexedDB
// store) runs over fake-indexeddb, whose IDBDatabase.transaction is wrapped to count.
import 'fake-indexeddb/auto';
import PouchDB from 'pouchdb-core';
import idbAdapter from 'pouchdb-adapter-idb';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/chat/persistence/db';
import { createIdbPersistence } from '../../../src/chat/persistence/idb-persistence';
import { startSync, type SyncHandle } from '../../../src/chat/sync/sync-controller';
import type { SyncStatus } from '../../../src/chat/sync/sync-status';
import { encryptedCodec } from '../../../src/chat/sync-bridge/doc-codec';
import { createCryptoDoc } from '../../../src/chat/sync-bridge/sync-crypto';
import type { DocBody } from '../../../src/chat/sync-bridge/sync-docs';
import { startCouchServer, type CouchServer } from '../../support/couch-server/index.mjs';
import { eventually } from './two-devices';

PouchDB.plugin(idbAdapter);
// PouchDB's IndexedDB adapter reads navigator.userAgent when it opens a database; Node 20 has no navigator.
globalThis.navigator ??= { userAgent: 'Node.js' } as Navigator;

/** The ceilings, per document of a first sync. */
const STORE_WRITES_PER_DOC = 0.02;
const REPLICA_TRANSACTIONS_PER_DOC = 1.1;
/** Documents read back from the replica after the pull wrote them (the feed read every one: 1 per document). */
const READ_BACK_PER_DOC = 0.05;
/** A seeded account: enough documents for several replication batches and bridge slices. */
const CHATS = 60;
const MESSAGES_PER_CHAT = 24;
const PARLEY_DB = 'parley';
const PASSPHRASE = 'counted transactions';

/** Every transaction opened, by database name and mode. */
const opened: { db: string; mode: IDBTransactionMode }[] = [];
const realTransaction = IDBDatabase.prototype.transaction;
IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
  opened.push({ db: this.name, mode: args[1] ?? 'readonly' });
  return realTransaction.apply(this, args);
} as IDBDatabase['transaction'];

/**
 * Documents read from the replica's by-sequence store, by database: a changes feed reads one for
 * each change it brings back (in getAll batches); PouchDB's pull writes there but never reads it.
 */
const docReads: string[] = [];
const realGetAll = IDBObjectStore.prototype.getAll;
IDBObjectStore.prototype.getAll = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['getAll']>) {
  const request = realGetAll.apply(this, args);
  if (this.name === 'by-sequence') {
    const db = this.transaction.db.name;
    request.addEventListener('success', () => docReads.push(...(request.result as unknown[]).map(() => db)));
  }
  return request;
} as IDBObjectStore['getAll'];

let couch: CouchServer;
let handle: SyncHandle | undefined;
afterEach(async () => {
  await handle?.stop();
  await couch?.close();
});

/** The account as sync documents (plain), as another device wrote them: each chat's messages, then its row. */
function accountDocs() {
  const docs: object[] = [];
  const start = Date.UTC(2025, 0, 1);
  for (let c = 0; c < CHATS; c += 1) {
    const chatId = `chat${c}`;
    let parentId: string | null = null;
    for (let m = 0; m < MESSAGES_PER_CHAT; m += 1) {
      const id = `${chatId}m${m}`;
      const message = { id, chatId, parentId, role: m % 2 ? 'assistant' : 'user', content: `Message ${m} of chat ${c}`, status: 'complete', createdAt: start + c * 1000 + m };
      docs.push({ _id: `msg:${chatId}:${id}`, type: 'msg', changedAt: message.createdAt, message });
      parentId = id;
    }
    const chat = { id: chatId, title: `Chat ${c}`, titleSource: 'user', createdAt: start + c * 1000, updatedAt: start + c * 1000 + MESSAGES_PER_CHAT, pinned: false, currentLeafId: parentId };
    docs.push({ _id: `chat:${chatId}`, type: 'chat', changedAt: chat.updatedAt, chat });
  }
  return docs;
}

/** The account's documents as an encrypted database holds them (and its parley:crypto document first). */
async function sealed(docs: object[]): Promise<object[]> {
  const { doc, key } = await createCryptoDoc(PASSPHRASE);
  const codec = encryptedCodec(key);
  const bodies = docs as ({ _id: string } & DocBody)[];
  return [doc, ...(await Promise.all(bodies.map(async ({ _id, ...body }) => ({ _id, ...(await codec.encode(_id, body as DocBody)) }))))];
}

describe('a first sync into IndexedDB', () => {
  it.each(['plain', 'encrypted'] as const)('%s: costs at most 0.02 readwrite transactions per document on Parley’s store and 1.1 transactions per document on the replica, and reads none back', async (mode) => {
    couch = await startCouchServer();
    await couch.createDb('parley');
    const plain = accountDocs();
    const docs = mode === 'plain' ? plain : await sealed(plain);
    const seeded = await fetch(`${couch.url}/parley/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ docs }) });
    expect(seeded.ok).toBe(true);

    const persistence = createIdbPersistence(await openDatabase(indexedDB, { name: `${PARLEY_DB}-${mode}` }));
    const replica = new PouchDB(`first-sync-replica-${mode}`, { adapter: 'idb' });
    const statuses: SyncStatus[] = [];
    opened.length = 0;
    docReads.length = 0;
    handle = await startSync({ url: couch.url, db: 'parley', auth: { kind: 'none' }, ...(mode === 'encrypted' && { passphrase: PASSPHRASE }), persistence, local: replica, announce: () => {}, onStatus: (status) => statuses.push(status) });
    await eventually(() => expect(statuses.at(-1)).toEqual({ state: 'synced' }), 60_000);

    const chats = await persistence.listChats();
    expect(chats).toHaveLength(CHATS);
    expect(await persistence.listMessages('chat7')).toHaveLength(MESSAGES_PER_CHAT);
    const storeWrites = opened.filter((tx) => tx.db === `${PARLEY_DB}-${mode}` && tx.mode === 'readwrite').length;
    const replicaTransactions = opened.filter((tx) => tx.db.endsWith(`first-sync-replica-${mode}`)).length;
    const readBack = docReads.filter((db) => db.endsWith(`first-sync-replica-${mode}`)).length;
    console.log(`${mode} first sync of ${docs.length} documents: ${storeWrites} readwrite transactions on Parley's store, ${replicaTransactions} on the replica, ${readBack} documents read back from it`);
    expect(storeWrites).toBeLessThanOrEqual(docs.length * STORE_WRITES_PER_DOC);
    expect(replicaTransactions).toBeLessThanOrEqual(docs.length * REPLICA_TRANSACTIONS_PER_DOC);
    // The bridge takes the pulled documents as the pull writes them: none is read back through the feed.
    expect(readBack).toBeLessThanOrEqual(docs.length * READ_BACK_PER_DOC);
  }, 120_000);
});
