// The sync status while documents come in: progress for a large burst, "synced" only once the
// replication has caught up and the bridge has applied (and seen) everything.
import { describe, expect, it } from 'vitest';
import { createSyncProgress, LARGE_SYNC_DOCS } from '../../../src/chat/sync/sync-progress';
import type { SyncStatus } from '../../../src/chat/sync/sync-status';

function track(expected = 0) {
  const statuses: SyncStatus[] = [];
  const progress = createSyncProgress({ expected, report: (status) => statuses.push(status) });
  return { progress, statuses, last: () => statuses.at(-1) };
}

describe('sync progress', () => {
  it('a first sync reports done of the total the server announced, then synced once the bridge has applied it all', () => {
    const { progress, last } = track(1000);
    progress.replicating();
    expect(last()).toEqual({ state: 'syncing', pending: 1000, done: 0, total: 1000 });
    progress.applied({ done: 250, total: 400, seq: 400 });
    expect(last()).toEqual({ state: 'syncing', pending: 750, done: 250, total: 1000 });
    progress.replicated(1000);
    progress.applied({ done: 900, total: 1000, seq: 1000 });
    expect(last()).toEqual({ state: 'syncing', pending: 100, done: 900, total: 1000 });
    progress.applied({ done: 1000, total: 1000, seq: 1000 });
    expect(last()).toEqual({ state: 'synced' });
  });

  it('caught up with documents not in storage (broken, skipped) is "incomplete", never "synced", until none is left (issue 32)', () => {
    const { progress, last } = track();
    progress.replicated(10);
    progress.applied({ done: 10, total: 10, seq: 10, unapplied: 2 });
    expect(last()).toEqual({ state: 'incomplete', unapplied: 2 });
    progress.replicating();
    progress.applied({ done: 11, total: 11, seq: 11, unapplied: 0 });
    progress.replicated(11);
    expect(last()).toEqual({ state: 'synced' });
  });

  it('is not synced while the bridge has not yet seen the last change the replication wrote', () => {
    const { progress, last } = track();
    progress.applied({ done: 10, total: 10, seq: 10 });
    progress.replicated(12);
    expect(last()?.state).toBe('syncing');
    progress.applied({ done: 12, total: 12, seq: 12 });
    expect(last()).toEqual({ state: 'synced' });
  });

  it('a small burst is "n changes" with no progress values; the next burst counts from zero', () => {
    const { progress, last } = track();
    progress.replicating();
    progress.applied({ done: 3, total: 5, seq: 5 });
    expect(last()).toEqual({ state: 'syncing', pending: 2 });
    progress.replicated(5);
    progress.applied({ done: 5, total: 5, seq: 5 });
    expect(last()).toEqual({ state: 'synced' });
    progress.replicating(LARGE_SYNC_DOCS * 2);
    expect(last()).toEqual({ state: 'syncing', pending: LARGE_SYNC_DOCS * 2, done: 0, total: LARGE_SYNC_DOCS * 2 });
  });

  it('stays quiet over an offline or error status until the replication moves again', () => {
    const { progress, statuses, last } = track(500);
    progress.replicating();
    progress.interrupted();
    const before = statuses.length;
    progress.applied({ done: 100, total: 100, seq: 100 });
    expect(statuses).toHaveLength(before);
    progress.replicating();
    expect(last()).toEqual({ state: 'syncing', pending: 400, done: 100, total: 500 });
  });
});
