// @vitest-environment node
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createIdbPersistence, openDatabase } from '../../../src/chat';
import { chat } from '../fixtures';

// The writes' code loads with the first write (idb-writes.ts). IndexedDB orders transactions by
// when they are created, so a read asked for right after a write must still see it: this file's
// first test runs before anything loaded that code.
describe('IndexedDB persistence, the first write of a session', () => {
  it('is seen by a read asked for right after it, before the write was awaited', async () => {
    const p = createIdbPersistence(await openDatabase(new IDBFactory()));
    const written = p.putChat(chat('first', 1));
    const [read] = await Promise.all([p.getChat('first'), written]);
    expect(read?.id).toBe('first');
    expect((await p.listChats()).map((c) => c.id)).toEqual(['first']);
  });
});
