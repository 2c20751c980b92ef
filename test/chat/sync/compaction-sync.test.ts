// @vitest-environment node
// Issue 24: a compaction marker, the message re-parented under it and a pin travel between two
// devices through the real CouchDB-protocol test server, and an Undo on one reaches the other.
import { afterEach, describe, expect, it } from 'vitest';
import { startCouchServer, type CouchServer } from '../../support/couch-server/index.mjs';
import { chat, device, eventually, message, type Device } from './two-devices';

let couch: CouchServer;
const devices: Device[] = [];
afterEach(async () => {
  for (const one of devices.splice(0)) await one.handle.stop();
  await couch?.close();
});

describe('a compaction marker through sync', () => {
  it('arrives on the other device with its figures, its place in the tree and the pin; Undo travels too', async () => {
    couch = await startCouchServer();
    for (let i = 0; i < 2; i += 1) devices.push(await device({ url: couch.url, db: 'parley', auth: { kind: 'none' } }));
    const [a, b] = devices as [Device, Device];
    const c = chat({ title: 'Long one' });
    const one = message(c.id, { content: 'one', pinned: true });
    const reply = message(c.id, { parentId: one.id, role: 'assistant', content: 'Re: one', createdAt: one.createdAt + 1 });
    const two = message(c.id, { parentId: reply.id, content: 'two', createdAt: one.createdAt + 2 });
    await a.persistence.createChat({ ...c, currentLeafId: two.id }, [one, reply, two]);
    const marker = message(c.id, {
      parentId: reply.id,
      role: 'system',
      content: 'They said one.',
      createdAt: one.createdAt + 3,
      compaction: { mode: 'summary', covered: 1, tokensBefore: 2, tokensAfter: 4, model: 'm' },
    });
    expect(await a.persistence.putMessages(c.id, [marker, { ...two, parentId: marker.id }])).toBe(true);
    await a.handle.exportChat(c.id);
    await eventually(async () => {
      const rows = await b.persistence.listMessages(c.id);
      expect(rows.find((m) => m.id === marker.id)).toEqual(marker);
      expect(rows.find((m) => m.id === two.id)?.parentId).toBe(marker.id);
      expect(rows.find((m) => m.id === one.id)?.pinned).toBe(true);
    });
    await b.persistence.putMessage({ ...marker, compaction: { ...marker.compaction!, undone: true } });
    await b.handle.exportChat(c.id);
    await eventually(async () => expect((await a.persistence.listMessages(c.id)).find((m) => m.id === marker.id)?.compaction?.undone).toBe(true));
  });
});
