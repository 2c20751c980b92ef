// @vitest-environment node
// A first sync takes the pulled documents as the pull writes them (first-pull.ts) only where the
// replica can hold no other revision of them; the others are read back with their conflicts.
import { afterEach, describe, expect, it } from 'vitest';
import { createFirstPull } from '../../../src/chat/sync-bridge/first-pull';
import { startCouchServer, type CouchServer } from '../../support/couch-server/index.mjs';
import { chat, device, eventually, message, type Device } from './two-devices';

describe('createFirstPull', () => {
  it('hands a document over whole the first time its id is pulled, and by id alone after', () => {
    const pull = createFirstPull();
    const first = pull.take([{ _id: 'chat:a', _rev: '1-x', type: 'chat' }]);
    expect(first).toEqual([{ id: 'chat:a', deleted: false, rev: '1-x', doc: { _id: 'chat:a', _rev: '1-x', type: 'chat' }, fresh: true }]);
    // A later revision may sit beside the first in the replica (a conflict): read back.
    expect(pull.take([{ _id: 'chat:a', _rev: '2-y', type: 'chat' }])).toEqual([{ id: 'chat:a', deleted: false, rev: '2-y' }]);
  });

  it('hands over by id alone a document this device wrote to the replica, and one twice in a batch', () => {
    const pull = createFirstPull();
    pull.wrote('chat:mine');
    const taken = pull.take([
      { _id: 'chat:mine', _rev: '3-a' },
      { _id: 'msg:b:1', _rev: '1-a' },
      { _id: 'msg:b:1', _rev: '1-b' },
      { _id: 'msg:b:2', _rev: '1-c', _deleted: true },
    ]);
    expect(taken).toEqual([
      { id: 'chat:mine', deleted: false, rev: '3-a' },
      { id: 'msg:b:1', deleted: false, rev: '1-a' },
      { id: 'msg:b:1', deleted: false, rev: '1-b' },
      { id: 'msg:b:2', deleted: true, rev: '1-c', doc: { _id: 'msg:b:2', _rev: '1-c', _deleted: true }, fresh: true },
    ]);
  });
});

describe('a first sync into a fresh replica', () => {
  let couch: CouchServer | undefined;
  const devices: Device[] = [];
  afterEach(async () => {
    for (const one of devices.splice(0)) await one.handle.stop();
    await couch?.close();
  });

  it('meets a chat this device already had and renamed (the same backup on both): the later rename wins on both, the messages of both are kept', async () => {
    couch = await startCouchServer();
    await couch.createDb('parley');
    const options = { url: couch.url, db: 'parley', auth: { kind: 'none' } as const };
    const shared = chat({ title: 'From the backup', updatedAt: 1_000 });
    const first = message(shared.id, { content: 'In the backup' });
    const a = await device(options, false);
    const b = await device(options, false);
    devices.push(a, b);
    await a.persistence.createChat({ ...shared, title: 'Renamed on A', updatedAt: 2_000 }, [first]);
    await a.persistence.putMessage(message(shared.id, { content: 'Only on A', parentId: first.id }));
    await b.persistence.createChat({ ...shared, title: 'Renamed on B, later', updatedAt: 3_000 }, [first]);
    await b.persistence.putMessage(message(shared.id, { content: 'Only on B', parentId: first.id }));
    await a.start();
    await eventually(() => expect(a.statuses.at(-1)).toEqual({ state: 'synced' }), 20_000);
    // A goes away: B alone must see that its export and A's pulled revision meet in its replica (empty when it starts).
    await a.handle.stop();
    await b.start();
    await eventually(() => expect(b.statuses.at(-1)).toEqual({ state: 'synced' }), 20_000);
    await eventually(async () => {
      expect((await b.persistence.getChat(shared.id))?.title).toBe('Renamed on B, later');
      expect((await b.persistence.listMessages(shared.id)).map((row) => row.content).sort()).toEqual(['In the backup', 'Only on A', 'Only on B']);
    }, 20_000);
    await a.start();
    for (const one of [a, b]) {
      await eventually(async () => {
        expect((await one.persistence.getChat(shared.id))?.title).toBe('Renamed on B, later');
        expect((await one.persistence.listMessages(shared.id)).map((row) => row.content).sort()).toEqual(['In the backup', 'Only on A', 'Only on B']);
      }, 20_000);
    }
  }, 60_000);
});
