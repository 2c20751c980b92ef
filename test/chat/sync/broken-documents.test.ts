// @vitest-environment node
// Issue 32, finding 1: one broken chat or message document on the server must not empty a first
// sync. The whole pipeline runs for real (the CouchDB-protocol test server, PouchDB's IndexedDB
// replica, the bridge, Parley's IndexedDB store, over fake-indexeddb): the good rows all arrive,
// the broken one is skipped and named, the status never says "synced" while it is not stored, and
// a restart does not replay the slice.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChatPersistence } from '../../../src/chat/persistence/persistence';
import { BRIDGE_CHECKPOINT_ID } from '../../../src/chat/sync-bridge/sync-bridge';
import { encryptedCodec } from '../../../src/chat/sync-bridge/doc-codec';
import { createCryptoDoc } from '../../../src/chat/sync-bridge/sync-crypto';
import type { DocBody } from '../../../src/chat/sync-bridge/sync-docs';
import { startCouchServer, type CouchServer } from '../../support/couch-server/index.mjs';
import { idbDevice, settled, serverWith, type IdbDevice } from './idb-device';
import { eventually } from './two-devices';

/** More than a slice (APPLY_SLICE_SIZE, 500) of documents: each chat has a message, sent before its chat, as another device writes them. */
const GOOD_CHATS = 120;
/**
 * Far past MAX_NESTING_DEPTH (32): a row a backup could not restore (too-deep), and one a recursive
 * walk (stableJson) or a structured clone pays for. Not deeper: in Node a structured clone stops
 * near 2,000 levels, so PouchDB's IndexedDB replica would refuse the document before the bridge
 * sees it (the pull's failure, not the bridge's; a browser's stack goes deeper).
 */
const DEEP = 1_500;
const START = Date.UTC(2025, 0, 1);

/** A value `depth` levels deep: { a: { a: … } }. */
function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = { a: value };
  return value;
}

const goodChat = (c: number) => ({ id: `chat${c}`, title: `Chat ${c}`, titleSource: 'user', createdAt: START + c, updatedAt: START + c, pinned: false, currentLeafId: `chat${c}m0` });
const goodMessage = (c: number) => ({ id: `chat${c}m0`, chatId: `chat${c}`, parentId: null, role: 'user', content: `Hello from chat ${c}`, status: 'complete', createdAt: START + c });

/** The good account: each chat's message, then its row. */
function goodDocs(): object[] {
  const docs: object[] = [];
  for (let c = 0; c < GOOD_CHATS; c += 1) {
    docs.push({ _id: `msg:chat${c}:chat${c}m0`, type: 'msg', changedAt: START + c, message: goodMessage(c) });
    docs.push({ _id: `chat:chat${c}`, type: 'chat', changedAt: START + c, chat: goodChat(c) });
  }
  return docs;
}

/** Each kind of broken document, and the chat (id and title) it is named by. */
const BROKEN: { name: string; docs: object[]; chatId: string; title: string }[] = [
  { name: '"chat": null', docs: [{ _id: 'chat:nullchat', type: 'chat', changedAt: 5, chat: null }], chatId: 'nullchat', title: 'nullchat' },
  { name: 'a chat with no id', docs: [{ _id: 'chat:noid', type: 'chat', changedAt: 5, chat: { ...goodChat(999), id: undefined, title: 'No id' } }], chatId: 'noid', title: 'No id' },
  { name: 'an object as a chat’s id', docs: [{ _id: 'chat:objid', type: 'chat', changedAt: 5, chat: { ...goodChat(999), id: { x: 1 }, title: 'Object id' } }], chatId: 'objid', title: 'Object id' },
  { name: 'a chat with a field nested 1,500 deep', docs: [{ _id: 'chat:deep', type: 'chat', changedAt: 5, chat: { ...goodChat(999), id: 'deep', title: 'Deep chat', extra: nested(DEEP) } }], chatId: 'deep', title: 'Deep chat' },
  // A message is named by its chat: one of the good ones, here by its title.
  { name: '"message": null', docs: [{ _id: 'msg:chat7:nullmsg', type: 'msg', changedAt: 5, message: null }], chatId: 'chat7', title: 'Chat 7' },
  { name: 'a message with no id', docs: [{ _id: 'msg:chat7:noid', type: 'msg', changedAt: 5, message: { ...goodMessage(7), id: undefined } }], chatId: 'chat7', title: 'Chat 7' },
  { name: 'an object as a message’s id', docs: [{ _id: 'msg:chat7:objid', type: 'msg', changedAt: 5, message: { ...goodMessage(7), id: { x: 1 } } }], chatId: 'chat7', title: 'Chat 7' },
  { name: 'a message with a field nested 1,500 deep', docs: [{ _id: 'msg:chat7:deep', type: 'msg', changedAt: 5, message: { ...goodMessage(7), id: 'deep', usage: nested(DEEP) } }], chatId: 'chat7', title: 'Chat 7' },
];

let couch: CouchServer;
const devices: IdbDevice[] = [];
beforeAll(async () => {
  couch = await startCouchServer();
});
afterEach(async () => {
  for (const device of devices.splice(0)) await device.stop();
});
afterAll(async () => couch?.close());

/** A device syncing with a new database holding `docs`, started. */
async function firstSync(docs: readonly object[], passphrase?: string): Promise<{ device: IdbDevice; db: string }> {
  const db = await serverWith(couch, docs);
  const device = await idbDevice(couch, db, passphrase);
  devices.push(device);
  await device.start();
  await settled(device);
  return { device, db };
}

async function expectGoodAccount(persistence: ChatPersistence): Promise<void> {
  const chats = await persistence.listChats();
  expect(chats.filter((chat) => /^chat\d+$/.test(chat.id))).toHaveLength(GOOD_CHATS);
  for (const c of [0, 7, GOOD_CHATS - 1]) expect((await persistence.listMessages(`chat${c}`)).map((row) => row.id)).toEqual([`chat${c}m0`]);
}

describe('a first sync with a broken document beside good chats', () => {
  it.each(BROKEN)('$name: every good chat arrives, the broken one is named, the status is not “synced”, and a restart does not replay it', async ({ docs, chatId, title }) => {
    const { device } = await firstSync([...docs, ...goodDocs()]);

    await expectGoodAccount(device.persistence);
    expect(device.refusals).toEqual([{ kind: 'broken-chat', chatId, title }]);
    expect(device.statuses.at(-1)).toEqual({ state: 'incomplete', unapplied: 1 });
    expect(device.statuses).not.toContainEqual({ state: 'synced' });

    // Restarted: the checkpoint is past the broken document, so nothing is written again; it is still named, and still not "synced".
    await device.stop();
    const checkpoint = (await device.replica.get(BRIDGE_CHECKPOINT_ID)) as { seq?: number };
    expect(checkpoint.seq).toBe(Number((await device.replica.info()).update_seq));
    device.written = 0;
    device.statuses.length = 0;
    device.refusals.length = 0;
    await device.start();
    await settled(device);
    expect(device.written).toBe(0);
    expect(device.refusals).toEqual([{ kind: 'broken-chat', chatId, title }]);
    expect(device.statuses.at(-1)).toEqual({ state: 'incomplete', unapplied: 1 });
    await expectGoodAccount(device.persistence);
  }, 60_000);

  it('a good revision of a broken chat, sent later, applies with the good messages that waited for it; then the status says “synced”', async () => {
    const message = { ...goodMessage(0), id: 'late-m', chatId: 'late' };
    const { device, db } = await firstSync([{ _id: 'msg:late:late-m', type: 'msg', changedAt: 5, message }, { _id: 'chat:late', type: 'chat', changedAt: 5, chat: null }, ...goodDocs()]);
    expect(device.refusals).toEqual([{ kind: 'broken-chat', chatId: 'late', title: 'late' }]);
    // The broken chat and the good message waiting for it.
    expect(device.statuses.at(-1)).toEqual({ state: 'incomplete', unapplied: 2 });
    const [broken] = (await couch.rawDocs(db)).filter((doc) => doc._id === 'chat:late');
    const put = await fetch(`${couch.url}/${db}/chat%3Alate`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ _rev: broken!._rev, type: 'chat', changedAt: 6, chat: { ...goodChat(0), id: 'late', title: 'Late but good', currentLeafId: 'late-m' } }) });
    expect(put.status).toBe(201);
    await eventually(async () => expect((await device.persistence.listMessages('late')).map((row) => row.id)).toEqual(['late-m']), 20_000);
    expect((await device.persistence.getChat('late'))?.title).toBe('Late but good');
    await eventually(() => expect(device.statuses.at(-1)).toEqual({ state: 'synced' }), 20_000);
  }, 60_000);
});

describe('encrypted', () => {
  const PASSPHRASE = 'broken but sealed';
  /** The documents as an encrypted database holds them: a device with the passphrase wrote them, broken rows and all. */
  async function sealed(docs: object[]): Promise<object[]> {
    const { doc, key } = await createCryptoDoc(PASSPHRASE);
    const codec = encryptedCodec(key);
    const bodies = docs as ({ _id: string } & DocBody)[];
    return [doc, ...(await Promise.all(bodies.map(async ({ _id, ...body }) => ({ _id, ...(await codec.encode(_id, body as DocBody)) }))))];
  }

  it('a sealed "chat": null and a sealed message without an id are skipped and named the same way; every good chat arrives', async () => {
    const broken = [BROKEN[0]!.docs[0]!, BROKEN[5]!.docs[0]!];
    const { device } = await firstSync(await sealed([...broken, ...goodDocs()]), PASSPHRASE);
    await expectGoodAccount(device.persistence);
    expect(device.refusals).toEqual(expect.arrayContaining([
      { kind: 'broken-chat', chatId: 'nullchat', title: 'nullchat' },
      { kind: 'broken-chat', chatId: 'chat7', title: 'Chat 7' },
    ]));
    expect(device.refusals).toHaveLength(2);
    expect(device.statuses.at(-1)).toEqual({ state: 'incomplete', unapplied: 2 });
  }, 60_000);
});

describe('a row that passes the check but IndexedDB still refuses', () => {
  /** Parley's chats store refuses this title (as IndexedDB refuses a row it cannot take), in every transaction. */
  const REFUSED = 'Refused by IndexedDB';
  const realPut = IDBObjectStore.prototype.put;
  beforeAll(() => {
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (this.name === 'chats' && (args[0] as { title?: string } | null)?.title === REFUSED) throw new DOMException('The row cannot be stored', 'DataError');
      return realPut.apply(this, args);
    } as IDBObjectStore['put'];
  });
  afterAll(() => {
    IDBObjectStore.prototype.put = realPut;
  });

  it('fails its slice’s transaction, and the slice goes row by row: the others land, the refused one is named', async () => {
    const refused = { _id: 'chat:refused', type: 'chat', changedAt: 5, chat: { ...goodChat(999), id: 'refused', title: REFUSED, currentLeafId: undefined } };
    const { device } = await firstSync([...goodDocs().slice(0, GOOD_CHATS), refused, ...goodDocs().slice(GOOD_CHATS)]);
    await expectGoodAccount(device.persistence);
    expect(await device.persistence.getChat('refused')).toBeUndefined();
    expect(device.refusals).toEqual([{ kind: 'broken-chat', chatId: 'refused', title: REFUSED }]);
    expect(device.statuses.at(-1)).toEqual({ state: 'incomplete', unapplied: 1 });
  }, 60_000);
});
