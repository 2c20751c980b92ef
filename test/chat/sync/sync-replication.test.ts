// @vitest-environment node
// Two devices sync through the real CouchDB-protocol test server.
import { afterEach, describe, expect, it } from 'vitest';
import { startCouchServer, type CouchServer } from '../../support/couch-server/index.mjs';
import { chat, device, eventually, message, type Device } from './two-devices';

let couch: CouchServer;
const devices: Device[] = [];
async function pair(db = 'parley') {
  couch = await startCouchServer();
  for (let i = 0; i < 2; i += 1) devices.push(await device({ url: couch.url, db, auth: { kind: 'none' } }));
  return devices as [Device, Device];
}
afterEach(async () => {
  for (const one of devices.splice(0)) await one.handle.stop();
  await couch?.close();
});

describe('sync between two devices', () => {
  it('a chat and its messages created on A appear on B, announced', async () => {
    const [a, b] = await pair();
    const c = chat({ title: 'Trip to Lisbon' });
    const first = message(c.id, { content: 'Where to eat?' });
    await a.persistence.createChat(c, [first]);
    await a.handle.exportChat(c.id);
    await eventually(async () => {
      expect((await b.persistence.getChat(c.id))?.title).toBe('Trip to Lisbon');
      expect((await b.persistence.listMessages(c.id)).map((m) => m.content)).toEqual(['Where to eat?']);
    });
    expect(b.announced).toContain(c.id);
    await eventually(() => expect(b.statuses.at(-1)).toEqual({ state: 'synced' }));
  });

  it('rename, pin and delete travel both ways', async () => {
    const [a, b] = await pair();
    const c = chat({ title: 'Old' });
    await a.persistence.createChat(c, []);
    await a.handle.exportChat(c.id);
    await eventually(async () => expect(await b.persistence.getChat(c.id)).toBeDefined());
    await b.persistence.patchChat(c.id, { title: 'Renamed on B' });
    await b.handle.exportChat(c.id);
    await eventually(async () => expect((await a.persistence.getChat(c.id))?.title).toBe('Renamed on B'));
    await a.persistence.patchChat(c.id, { pinned: true });
    await a.handle.exportChat(c.id);
    await eventually(async () => expect((await b.persistence.getChat(c.id))?.pinned).toBe(true));
    await b.persistence.deleteChat(c.id);
    await b.handle.exportChat(c.id);
    await eventually(async () => expect(await a.persistence.getChat(c.id)).toBeUndefined());
  });

  it('both offline, both edit: the latest rename wins everywhere, a pin made on the other device survives it, both new messages are kept as siblings', async () => {
    const [a, b] = await pair();
    const c = chat({ title: 'Start' });
    const root = message(c.id, { content: 'root' });
    await a.persistence.createChat(c, [root]);
    await a.handle.exportChat(c.id);
    await eventually(async () => expect(await b.persistence.listMessages(c.id)).toHaveLength(1));
    await couch.stop();
    await a.persistence.patchChat(c.id, { title: 'Earlier on A', pinned: true });
    await a.persistence.putMessage(message(c.id, { parentId: root.id, role: 'assistant', content: 'from A' }));
    await a.handle.exportChat(c.id);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await b.persistence.patchChat(c.id, { title: 'Later on B' });
    await b.persistence.putMessage(message(c.id, { parentId: root.id, role: 'assistant', content: 'from B' }));
    await b.handle.exportChat(c.id);
    await eventually(() => expect(a.statuses.at(-1)?.state).toBe('offline-retrying'));
    await couch.restart();
    for (const one of [a, b]) {
      await eventually(async () => {
        expect(await one.persistence.getChat(c.id)).toMatchObject({ title: 'Later on B', pinned: true });
        const replies = (await one.persistence.listMessages(c.id)).filter((m) => m.parentId === root.id);
        expect(replies.map((m) => m.content).sort()).toEqual(['from A', 'from B']);
      }, 20_000);
    }
  }, 30_000);

  it('encrypted, both offline: a rename on A and a pin on B both survive on both, and the devices agree', async () => {
    couch = await startCouchServer();
    for (let i = 0; i < 2; i += 1) devices.push(await device({ url: couch.url, db: 'sealed', auth: { kind: 'none' }, passphrase: 'shared secret' }));
    const [a, b] = devices as [Device, Device];
    const c = chat({ title: 'Start' });
    await a.persistence.createChat(c, []);
    await a.handle.exportChat(c.id);
    await eventually(async () => expect(await b.persistence.getChat(c.id)).toBeDefined());
    await couch.stop();
    await a.persistence.patchChat(c.id, { title: 'Renamed on A' });
    await a.handle.exportChat(c.id);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await b.persistence.patchChat(c.id, { pinned: true });
    await b.handle.exportChat(c.id);
    await couch.restart();
    for (const one of [a, b]) {
      await eventually(async () => expect(await one.persistence.getChat(c.id)).toMatchObject({ title: 'Renamed on A', pinned: true }), 20_000);
    }
    // One live revision left on the server: the merge converged.
    await eventually(async () => {
      const [doc] = (await couch.rawDocs('sealed')).filter((row) => row._id === `chat:${c.id}`) as { _conflicts?: string[] }[];
      expect(doc?._conflicts ?? []).toEqual([]);
    }, 20_000);
    expect([...a.refusals, ...b.refusals]).toEqual([]);
  }, 40_000);

  it('a message deleted on A and continued on B keeps the continuation and its parent', async () => {
    const [a, b] = await pair();
    const c = chat();
    const root = message(c.id, { content: 'question' });
    const reply = message(c.id, { parentId: root.id, role: 'assistant', content: 'answer' });
    await a.persistence.createChat(c, [root, reply]);
    await a.handle.exportChat(c.id);
    await eventually(async () => expect(await b.persistence.listMessages(c.id)).toHaveLength(2));
    await couch.stop();
    await a.persistence.deleteMessages(c.id, [reply.id]);
    await a.handle.exportChat(c.id);
    const followUp = message(c.id, { parentId: reply.id, content: 'and then?' });
    await b.persistence.putMessage(followUp);
    await b.handle.exportChat(c.id);
    await couch.restart();
    for (const one of [a, b]) {
      await eventually(async () => {
        const contents = (await one.persistence.listMessages(c.id)).map((m) => m.content);
        expect(contents.sort()).toEqual(['and then?', 'answer', 'question']);
      }, 20_000);
    }
  }, 30_000);
});
