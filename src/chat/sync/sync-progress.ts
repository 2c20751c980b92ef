import type { BridgeProgress } from '../sync-bridge';
import type { SyncStatus } from './sync-status';

/**
 * The status while documents come in: "syncing" until the replication has caught up AND the
 * bridge has applied everything it brought to storage (a first sync of a big account is mostly
 * the latter), then "synced", or "incomplete" while any document is not in storage. A burst of at least LARGE_SYNC_DOCS documents reports how far it is
 * (done of total), for the progress bar; the total is the larger of what the bridge has received
 * and what the server said to expect (its document count before a first sync, or the `pending`
 * a CouchDB 2+ changes feed tells).
 */

/** Below this many documents a burst is "a few changes": a progress bar would only flash. */
export const LARGE_SYNC_DOCS = 100;

export interface SyncProgress {
  /** The replication is moving; `pending`: what the server says is left to pull, when it says so. */
  replicating(pending?: number): void;
  /** The replication caught up; `seq`: the local database's update_seq, which the bridge must reach too. */
  replicated(seq: number): void;
  /** The bridge applied a slice. */
  applied(progress: BridgeProgress): void;
  /** Offline or an error was reported: no progress over it until the replication moves again. */
  interrupted(): void;
}

export interface SyncProgressOptions {
  /** Documents the first sync will bring (0 when unknown or not a first sync). */
  expected: number;
  report(status: SyncStatus): void;
}

export function createSyncProgress({ expected, report }: SyncProgressOptions): SyncProgress {
  let goal = expected;
  /** The bridge's counts when this burst began. */
  let base: BridgeProgress = { done: 0, total: 0, seq: 0 };
  let latest: BridgeProgress = base;
  let caughtUpAt: number | undefined;
  let quiet = false;

  const emit = () => {
    if (quiet) return;
    if (caughtUpAt !== undefined && latest.seq >= caughtUpAt && latest.done === latest.total) {
      base = latest;
      goal = 0;
      const unapplied = latest.unapplied ?? 0;
      report(unapplied > 0 ? { state: 'incomplete', unapplied } : { state: 'synced' });
      return;
    }
    const done = latest.done - base.done;
    const total = Math.max(goal, latest.total - base.total, done);
    const pending = total - done;
    report(total >= LARGE_SYNC_DOCS ? { state: 'syncing', pending, done, total } : { state: 'syncing', pending });
  };

  return {
    replicating(pending) {
      quiet = false;
      caughtUpAt = undefined;
      if (typeof pending === 'number') goal = Math.max(goal, latest.total - base.total + pending);
      emit();
    },
    replicated(seq) {
      quiet = false;
      caughtUpAt = seq;
      emit();
    },
    applied(progress) {
      latest = progress;
      emit();
    },
    interrupted() {
      quiet = true;
      caughtUpAt = undefined;
    },
  };
}
