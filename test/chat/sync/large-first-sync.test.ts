// @vitest-environment node
// A first sync of many chats into an empty device: progress reported, chats applied and
// announced in slices, "synced" only once all of them are in storage.
import { afterEach, describe, expect, it } from 'vitest';
import { APPLY_SLICE_SIZE } from '../../../src/chat/sync-bridge/change-inbox';
import type { SyncStatus } from '../../../src/chat/sync/sync-status';
import { startCouchServer, type CouchServer } from '../../support/couch-server/index.mjs';
import { chat, device, eventually, message, type Device } from './two-devices';

/** Enough documents (two per chat) for a progress bar and two slices, few enough for a quick test. */
const CHATS = (APPLY_SLICE_SIZE * 3) / 4;

let couch: CouchServer;
const devices: Device[] = [];
afterEach(async () => {
  for (const one of devices.splice(0)) await one.handle?.stop();
  await couch?.close();
});

const progressOf = (statuses: SyncStatus[]) => statuses.flatMap((status) => (status.state === 'syncing' && status.total !== undefined ? [status] : []));

describe('a large first sync', () => {
  it('reports done of total, announces chats once per slice, and is synced only with every chat stored', async () => {
    couch = await startCouchServer();
    const options = { url: couch.url, db: 'parley', auth: { kind: 'none' } as const };
    const a = await device(options);
    devices.push(a);
    const ids: string[] = [];
    for (let i = 0; i < CHATS; i += 1) {
      const c = chat({ title: `Chat ${i}` });
      ids.push(c.id);
      await a.persistence.createChat(c, [message(c.id, { content: `Hello ${i}` })]);
    }
    await a.handle.bridge!.exportAll();
    await eventually(async () => expect((await couch.rawDocs('parley')).length).toBe(CHATS * 2));

    const b = await device(options, false);
    devices.push(b);
    await b.start();
    await eventually(() => expect(b.statuses.at(-1)).toEqual({ state: 'synced' }), 20_000);

    expect((await b.persistence.listChats()).map((row) => row.id).sort()).toEqual([...ids].sort());
    const progress = progressOf(b.statuses);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress[0]).toMatchObject({ done: 0, total: CHATS * 2 });
    expect(progress.some((status) => status.done! > 0 && status.done! < status.total!)).toBe(true);
    const dones = progress.map((status) => status.done!);
    expect(dones).toEqual([...dones].sort((x, y) => x - y));
    const firstSynced = b.statuses.findIndex((status) => status.state === 'synced');
    expect(firstSynced).toBeGreaterThan(b.statuses.lastIndexOf(progress.at(-1)!));
    expect(new Set(b.announced)).toEqual(new Set(ids));
    expect(b.announcements.length).toBeLessThan(CHATS / 2);

    // Started again, the bridge begins past what it applied (its checkpoint): nothing is replayed, no progress bar.
    await b.handle.stop();
    b.statuses.length = 0;
    await b.start();
    await eventually(() => expect(b.statuses.at(-1)).toEqual({ state: 'synced' }), 20_000);
    expect(progressOf(b.statuses)).toEqual([]);
  }, 40_000);
});

describe('messages that arrive before their chat', () => {
  it('are applied when the chat comes, also after a restart in between', async () => {
    couch = await startCouchServer();
    await couch.createDb('parley');
    const c = chat({ title: 'Late row' });
    const messages = [message(c.id, { content: 'first' }), message(c.id, { content: 'second' })];
    const put = (docs: object[]) => fetch(`${couch.url}/parley/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ docs }) });
    await put(messages.map((row) => ({ _id: `msg:${c.id}:${row.id}`, type: 'msg', changedAt: row.createdAt, message: row })));
    const b = await device({ url: couch.url, db: 'parley', auth: { kind: 'none' } });
    devices.push(b);
    await eventually(() => expect(b.statuses.at(-1)).toEqual({ state: 'synced' }), 20_000);
    expect(await b.persistence.listMessages(c.id)).toEqual([]);
    await b.handle.stop();
    await b.start();
    await put([{ _id: `chat:${c.id}`, type: 'chat', changedAt: c.updatedAt, chat: c }]);
    await eventually(async () => expect((await b.persistence.listMessages(c.id)).map((row) => row.content)).toEqual(['first', 'second']), 20_000);
  }, 40_000);
});
