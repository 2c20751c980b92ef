// @vitest-environment node
// The bridge's feed of the replica (replica-feed.ts): it reads in pages from where it left off, and
// a wake reads what this page's PouchDB never heard of (the pull worker writes through its own).
import PouchDB, { type PouchChange, type PouchDatabase } from 'pouchdb-core';
import memoryAdapter from 'pouchdb-adapter-memory';
import { describe, expect, it } from 'vitest';
import { FEED_PAGE_SIZE, openReplicaFeed } from '../../../src/chat/sync-bridge/replica-feed';
import { eventually } from './two-devices';

PouchDB.plugin(memoryAdapter);
let names = 0;

/** The replica as this page's PouchDB sees it when another thread writes: its live feed hears nothing. */
function deafTo(db: PouchDatabase): PouchDatabase {
  return new Proxy(db, {
    get(target, key) {
      if (key !== 'changes') return Reflect.get(target, key);
      return (options: Parameters<PouchDatabase['changes']>[0]) => {
        if (!options.live) return target.changes(options);
        const silent = { on: () => silent, cancel: () => {} };
        return silent;
      };
    },
  });
}

const docs = (from: number, count: number) => Array.from({ length: count }, (_, index) => ({ _id: `msg:c:${String(from + index).padStart(5, '0')}`, n: from + index }));

describe('openReplicaFeed', () => {
  it('reads every change after `since` in pages, with the documents, and no change twice', async () => {
    const db = new PouchDB(`feed-${++names}`, { adapter: 'memory' });
    await db.bulkDocs(docs(0, 10));
    const since = Number((await db.info()).update_seq);
    await db.bulkDocs(docs(10, FEED_PAGE_SIZE + 20));
    const seen: PouchChange[] = [];
    const feed = openReplicaFeed(deafTo(db), since, (change) => seen.push(change));
    await eventually(() => expect(seen).toHaveLength(FEED_PAGE_SIZE + 20));
    expect(seen[0]?.doc?.n).toBe(10);
    expect(new Set(seen.map((change) => change.id)).size).toBe(seen.length);
    feed.cancel();
  });

  it('reads what was written behind its PouchDB when woken, and only then', async () => {
    const db = new PouchDB(`feed-${++names}`, { adapter: 'memory' });
    const seen: string[] = [];
    const feed = openReplicaFeed(deafTo(db), 0, (change) => seen.push(change.id));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await db.bulkDocs(docs(0, 3));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toEqual([]);
    feed.wake();
    await eventually(() => expect(seen).toEqual(['msg:c:00000', 'msg:c:00001', 'msg:c:00002']));
    // Woken twice while one read runs: each change still comes once.
    await db.bulkDocs(docs(3, 2));
    feed.wake();
    feed.wake();
    await eventually(() => expect(seen).toHaveLength(5));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toHaveLength(5);
    feed.cancel();
  });

  it('hears writes made through its own PouchDB by itself', async () => {
    const db = new PouchDB(`feed-${++names}`, { adapter: 'memory' });
    const seen: string[] = [];
    const feed = openReplicaFeed(db, 0, (change) => seen.push(change.id));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await db.put({ _id: 'chat:a' });
    await eventually(() => expect(seen).toEqual(['chat:a']));
    feed.cancel();
    await db.put({ _id: 'chat:b' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toEqual(['chat:a']);
  });
});
