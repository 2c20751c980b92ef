// @vitest-environment node
// A second device and the passphrase (issue 15): "Test" and starting sync ask for it on an encrypted
// database, refuse a wrong one, and refuse one on a database that already holds plain documents.
import { afterEach, describe, expect, it } from 'vitest';
import { createChatStore } from '../../../src/chat';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import { createSyncService, type SyncConfig } from '../../../src/chat/sync/sync-service';
import { startCouchServer, type CouchServer } from '../../support/couch-server/index.mjs';
import { chat, device, eventually, type Device } from './two-devices';

const PASSPHRASE = 'violet kettle on the stairs';
let couch: CouchServer;
const devices: Device[] = [];
afterEach(async () => {
  for (const one of devices.splice(0)) await one.handle.stop();
  await couch?.close();
});

const join = async (passphrase?: string) => {
  const one = await device({ url: couch.url, db: 'parley', auth: { kind: 'none' }, ...(passphrase ? { passphrase } : {}) });
  devices.push(one);
  return one;
};
/** The app's "Test" (Settings → Sync): it looks at the server and never starts replication. */
const test = async (passphrase?: string) => {
  const store = createChatStore({ persistence: createMemoryPersistence(), broadcast: null, untitledTitle: 'Untitled' });
  const config: Omit<SyncConfig, 'enabled'> = { url: couch.url, db: 'parley', auth: { kind: 'none' }, ...(passphrase ? { passphrase } : {}) };
  try {
    return await createSyncService({ store, announce: () => {} }).test(config);
  } finally {
    store.dispose();
  }
};
/** A first device's chat on the server, so the database is no longer empty. */
async function oneChatFrom(first: Device) {
  const c = chat({ title: 'Groceries' });
  await first.persistence.createChat(c, []);
  await first.handle.exportChat(c.id);
  await eventually(async () => expect((await couch.rawDocs('parley')).map((doc) => doc._id)).toContain(`chat:${c.id}`));
  return c;
}

describe('a second device and the passphrase', () => {
  it('Test asks for the passphrase of an encrypted database, names a wrong one, and accepts the right one', async () => {
    couch = await startCouchServer();
    await oneChatFrom(await join(PASSPHRASE));
    expect(await test()).toEqual({ ok: false, reason: 'passphrase-required' });
    expect(await test('a guess')).toEqual({ ok: false, reason: 'wrong-passphrase' });
    expect(await test(PASSPHRASE)).toEqual({ ok: true, feed: 'selector' });
  }, 30_000);

  it('with the passphrase the second device gets the chats; without it nothing syncs', async () => {
    couch = await startCouchServer();
    const c = await oneChatFrom(await join(PASSPHRASE));
    const asked = await join();
    expect(asked.statuses.at(-1)).toEqual({ state: 'error', reason: 'passphrase-required' });
    const second = await join(PASSPHRASE);
    await eventually(async () => expect((await second.persistence.listChats()).map((row) => row.title)).toEqual([c.title]));
    expect(await asked.persistence.listChats()).toEqual([]);
  }, 30_000);

  it('refuses a passphrase on a database that holds plain documents, and writes no encryption to it', async () => {
    couch = await startCouchServer();
    await oneChatFrom(await join());
    expect(await test(PASSPHRASE)).toEqual({ ok: false, reason: 'plain-database' });
    const refused = await join(PASSPHRASE);
    expect(refused.statuses.at(-1)).toEqual({ state: 'error', reason: 'plain-database' });
    expect((await couch.rawDocs('parley')).map((doc) => doc._id)).not.toContain('parley:crypto');
    expect(await refused.persistence.listChats()).toEqual([]);
  }, 30_000);

  it('an empty database takes a passphrase (the first device encrypts it)', async () => {
    couch = await startCouchServer();
    expect(await test(PASSPHRASE)).toEqual({ ok: true, feed: 'selector' });
    const first = await join(PASSPHRASE);
    await eventually(() => expect(first.statuses.at(-1)).toEqual({ state: 'synced' }));
    expect((await couch.rawDocs('parley')).map((doc) => doc._id)).toContain('parley:crypto');
  }, 30_000);
});
