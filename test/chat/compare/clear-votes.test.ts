// Issue 38: "Clear leaderboard" removes every vote from the library store, and one Undo puts them all back.
import { describe, expect, it } from 'vitest';
import { clearVotes, voteRecord } from '../../../src/chat/compare';
import { createLibraryStore, type LibraryChange } from '../../../src/chat/library';
import type { LibraryRecord } from '../../../src/chat/types';
import { memoryLibraryIo } from '../library/memory-library-io';

describe('clearVotes', () => {
  it('removes every vote and nothing else; its Undo brings them all back, once', async () => {
    const votes = [voteRecord({ models: ['a', 'b'], winner: 'a' }, 10), voteRecord({ models: ['a', 'b', 'c'] }, 20)];
    const prompt: LibraryRecord = { id: 'p', kind: 'prompt', createdAt: 1, updatedAt: 1, name: 'Keep', body: 'me' };
    const io = memoryLibraryIo([...votes, prompt]);
    const store = createLibraryStore({ io, channel: null, now: () => 100 });
    await store.init();
    expect(store.getSnapshot().votes).toEqual(votes);
    const changes: LibraryChange[] = [];
    store.onLocalChange((change) => changes.push(change));

    const cleared = await clearVotes(store);
    expect(cleared.removed).toBe(2);
    expect(store.getSnapshot().votes).toEqual([]);
    expect([...io.rows.keys()]).toEqual(['p']);
    expect(changes.map((change) => 'deleted' in change)).toEqual([true, true]);

    await cleared.undo();
    await cleared.undo();
    expect(store.getSnapshot().votes.map((vote) => [vote.id, vote.models, vote.winner])).toEqual(votes.map((vote) => [vote.id, vote.models, vote.winner]));
    expect(io.rows.size).toBe(3);
    expect(changes).toHaveLength(4);
  });
});
