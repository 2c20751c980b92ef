// @vitest-environment node
// The bridge's own export coming back through the replica's feed after the row changed again
// here (a rename just after the chat was sent): the newer local row stays (session 8's CI find).
import PouchDB from 'pouchdb-core';
import memoryAdapter from 'pouchdb-adapter-memory';
import { describe, expect, it } from 'vitest';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import { createSyncBridge } from '../../../src/chat/sync-bridge/sync-bridge';
import { plainCodec } from '../../../src/chat/sync-bridge/doc-codec';
import { chat, eventually, message } from './two-devices';

PouchDB.plugin(memoryAdapter);
let replicas = 0;

describe('the bridge and its own writes', () => {
  it('does not write back a chat row it exported once the row has changed here since', async () => {
    const persistence = createMemoryPersistence();
    const local = new PouchDB(`own-echo-${++replicas}`, { adapter: 'memory' });
    const announced: string[][] = [];
    const bridge = createSyncBridge({ persistence, local, codec: plainCodec, announce: (ids) => announced.push([...ids]) });
    const row = chat({ title: 'First title' });
    await persistence.createChat(row, [message(row.id, { content: 'Hello' })]);
    await bridge.exportChat(row.id);
    // Renamed before the feed has brought the export back (the feed starts only now).
    await persistence.patchChat(row.id, { title: 'Renamed', titleSource: 'user' });
    bridge.start();
    await eventually(async () => {
      const info = await local.get('_local/parley-bridge').catch(() => undefined);
      expect(info).toBeDefined();
    });
    await bridge.idle();
    expect((await persistence.getChat(row.id))?.title).toBe('Renamed');
    expect(announced.flat()).not.toContain(row.id);
    // The rename's own export then goes out as usual.
    await bridge.exportChat(row.id);
    expect(((await local.get(`chat:${row.id}`)) as unknown as { chat: { title: string } }).chat.title).toBe('Renamed');
    bridge.stop();
  });
});
