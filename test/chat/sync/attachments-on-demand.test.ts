// @vitest-environment node
// Attachments on demand: a file's bytes replicate as a CouchDB attachment up to the server, but
// the pull leaves them there; a device that opens the chat fetches them then, and keeps them.
import PouchDB from 'pouchdb-core';
import memoryAdapter from 'pouchdb-adapter-memory';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoredAttachment } from '../../../src/chat/persistence/attachment-rows';
import type { ImageAttachment } from '../../../src/chat/attachments/types';
import { createChatStore } from '../../../src/chat';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import { createSyncService } from '../../../src/chat/sync/sync-service';
import { getSyncStatus, resetSyncStatus } from '../../../src/chat/sync/sync-status-store';
import type { Chat } from '../../../src/chat/types';
import { startCouchServer, type CouchServer } from '../../support/couch-server/index.mjs';
import { chat, device, eventually, message, type Device } from './two-devices';

PouchDB.plugin(memoryAdapter);
let couch: CouchServer;
const devices: Device[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  for (const one of devices.splice(0)) await one.handle?.stop();
  resetSyncStatus();
  await couch?.close();
});

const PIXELS = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3, 4]);

/** A chat on A with one picture, exported: what the server then holds. */
async function chatWithPicture(a: Device): Promise<{ c: Chat; picture: StoredAttachment }> {
  const c = chat({ title: 'Holiday photos' });
  const sent = message(c.id, { content: 'Look', attachments: [] });
  const picture: StoredAttachment = {
    id: `att-${c.id}`, kind: 'image', name: 'beach.png', mimeType: 'image/png', size: PIXELS.length, createdAt: Date.now(),
    width: 2, height: 2, blob: new Blob([PIXELS], { type: 'image/png' }), chatId: c.id, messageId: sent.id,
  };
  const { id, kind, name, size, mimeType } = picture;
  await a.persistence.createChat(c, [{ ...sent, attachments: [{ id, kind, name, size, mimeType, width: 2, height: 2 }] }]);
  await a.persistence.putAttachment(picture);
  await a.handle.exportChat(c.id);
  return { c, picture };
}

const bytesOf = async (row: StoredAttachment | undefined) => [...new Uint8Array(await (row as ImageAttachment).blob.arrayBuffer())];
const attachmentDocs = async () => (await couch.rawDocs('parley')).filter((doc) => doc._id.startsWith('att:'));

describe('attachments on demand', () => {
  // PouchDB Server has no `_selector` feed: B's pull skips the files itself (changes-feed.ts).
  for (const [flavour, passphrase] of [['couchdb', undefined], ['couchdb', 'correct horse battery staple'], ['pouchdb-server', undefined], ['pouchdb-server', 'correct horse battery staple']] as const) {
    it(`reach the server as a CouchDB attachment, stay there on B until fetched, then are kept${passphrase ? ' (encrypted)' : ''} (${flavour})`, async () => {
      couch = await startCouchServer({ flavour });
      const options = { url: couch.url, db: 'parley', auth: { kind: 'none' } as const, ...(passphrase ? { passphrase } : {}) };
      const a = await device(options);
      devices.push(a);
      const b = await device(options);
      devices.push(b);
      const { c, picture } = await chatWithPicture(a);
      await eventually(async () => expect((await attachmentDocs())[0]?._attachments).toHaveProperty('data'));

      await eventually(async () => expect((await b.persistence.listMessages(c.id)).map((m) => m.content)).toEqual(['Look']));
      await eventually(() => expect(b.statuses.at(-1)).toEqual({ state: 'synced' }));
      expect(await b.persistence.getAttachments([picture.id])).toEqual([]);
      expect((await b.replica.allDocs({ startkey: 'att:', endkey: 'att:\uffff' })).rows).toEqual([]);
      expect(couch.selectorRefusals).toBe(0);

      const fetched = await b.handle.fetchAttachment(c.id, picture.id);
      expect(fetched).toMatchObject({ id: picture.id, name: 'beach.png', chatId: c.id, messageId: picture.messageId });
      expect(await bytesOf(fetched)).toEqual([...PIXELS]);
      const [kept] = await b.persistence.getAttachments([picture.id]);
      expect(await bytesOf(kept)).toEqual([...PIXELS]);

      // B exporting the chat again writes no second revision of the file (its replica has the server's).
      await b.persistence.patchChat(c.id, { title: 'Renamed on B' });
      await b.handle.exportChat(c.id);
      await eventually(async () => expect((await a.persistence.getChat(c.id))?.title).toBe('Renamed on B'));
      const [doc] = await attachmentDocs();
      expect(doc?._rev.startsWith('1-')).toBe(true);
      expect(doc?._conflicts ?? []).toEqual([]);
    }, 30_000);
  }

  it('an opened chat on another device loads its picture from the server through the store', async () => {
    couch = await startCouchServer();
    const a = await device({ url: couch.url, db: 'parley', auth: { kind: 'none' } });
    devices.push(a);
    const { c, picture } = await chatWithPicture(a);
    const persistence = createMemoryPersistence();
    const store = createChatStore({ persistence, broadcast: null, untitledTitle: 'Untitled' });
    const service = createSyncService({ store, announce: () => {}, extra: { local: new PouchDB(`on-demand-${Date.now()}`, { adapter: 'memory' }) } });
    cleanups.push(() => store.dispose(), () => service.turnOff());
    await service.turnOn({ url: couch.url, db: 'parley', auth: { kind: 'none' } });
    await eventually(async () => expect(await persistence.getChat(c.id)).toBeDefined());
    await eventually(() => expect(getSyncStatus()).toEqual({ state: 'synced' }));

    // Not opened: not fetched.
    expect(await store.loadAttachmentBlob(picture.id)).toBeUndefined();
    expect(await persistence.getAttachments([picture.id])).toEqual([]);
    await store.loadChat(c.id);
    const blob = await store.loadAttachmentBlob(picture.id);
    expect(blob && [...new Uint8Array(await blob.arrayBuffer())]).toEqual([...PIXELS]);
    expect(await persistence.getAttachments([picture.id])).toHaveLength(1);
  }, 30_000);
});
