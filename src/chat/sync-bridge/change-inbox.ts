import type { PouchDoc } from 'pouchdb-core';
import { yieldToEventLoop } from '../../lib/yield-to-event-loop';

/**
 * The local database's changes on their way into Parley's storage. They are applied in slices:
 * a first sync brings hundreds of thousands of documents, and the page must stay responsive, so
 * after each slice the page gets a turn and the slice's chats are announced once (not per
 * document). A slice is applied as a whole (one read of the replica, one write to Parley's store:
 * sync-bridge.ts). Each slice is one step of the bridge's queue, so this tab's own exports run between.
 */

/**
 * Documents applied per slice. A slice costs one readonly transaction on the replica and one
 * readwrite transaction on Parley's store (a first sync: at most 0.02 per document, held by
 * test/chat/sync/first-sync-transactions.test.ts); its main-thread work (decoding, comparing,
 * issuing the puts) stays well under 100 ms (bench:sync).
 */
export const APPLY_SLICE_SIZE = 500;

/** A slice waits for more changes while the feed is still bringing them (it grew in the last step), at most GATHER_MAX_MS. */
const GATHER_STEP_MS = 10;
const GATHER_MAX_MS = 100;

/** At most this many waiting changes keep the document the feed brought (ten slices). */
const HELD_DOCS = APPLY_SLICE_SIZE * 10;

/** One change of the local database, as its changes feed tells it. */
export interface ArrivedChange {
  id: string;
  deleted: boolean;
  rev: string;
  /** The document as the feed read it (with its conflicts), when it carries documents. */
  doc?: PouchDoc;
  /**
   * The first revision of it this device holds, as a first sync pulled it (first-pull.ts): it cannot
   * come back as an echo of this device's own, so the bridge does not remember its content (which,
   * for a whole account, would hold every message's text in memory through the sync).
   */
  fresh?: boolean;
}

/** How far the bridge is with the documents the feed brought since it started. */
export interface BridgeProgress {
  /** Documents applied to storage (or found unchanged). */
  done: number;
  /** Documents received from the feed: `total - done` are waiting. */
  total: number;
  /** The feed's last sequence number received: the bridge has seen every change up to it. */
  seq: number;
  /**
   * Documents not in storage (the bridge's count): broken ones skipped and named, until a good
   * revision applies, and changes storage failed to take this session (replayed at the next start).
   */
  unapplied?: number;
}

export interface ChangeInboxOptions {
  /** Applies a slice of changes, in order; resolves with the chats it altered, and whether any change failed (storage refused it). */
  apply(changes: readonly ArrivedChange[]): Promise<{ changed: readonly string[]; failed?: boolean }>;
  /** Runs a step in the bridge's one queue. */
  schedule(step: () => Promise<void>): void;
  announce(chatIds: readonly string[]): void;
  /** After each slice, before it is announced: what the slice's changes leave to write once (the version ledger). */
  afterSlice?(): Promise<void>;
  /** Every change received so far is applied (`seq`, the last one's): where the feed may start next time. */
  onDrained?(seq: number): Promise<void>;
  onProgress?(progress: BridgeProgress): void;
}

export interface ChangeInbox {
  receive(id: string, deleted: boolean, rev: string, seq: number | string, doc?: PouchDoc, fresh?: boolean): void;
  /** The feed starts after `seq` (the bridge's checkpoint): everything up to it is applied already. */
  begin(seq: number): void;
  /**
   * Every change up to `seq` has been received (a first sync's pulled batches, handed over without
   * their sequence numbers): the checkpoint moves there once they are applied.
   */
  reach(seq: number): void;
  /** Drops what is waiting (the bridge stopped). */
  clear(): void;
}

export function createChangeInbox({ apply, schedule, announce, afterSlice, onDrained, onProgress }: ChangeInboxOptions): ChangeInbox {
  /** By document id: a document changed twice while waiting is applied once. */
  const waiting = new Map<string, Omit<ArrivedChange, 'id'>>();
  const counts: BridgeProgress = { done: 0, total: 0, seq: 0 };
  let draining = false;
  /** No change has failed since the bridge started: every change received so far is in storage once the inbox drains. */
  let checkpointable = true;

  /** The feed tells a replicated batch one change at a time: a slice waits while it is still growing, so it takes the batch, not its first document. */
  async function gather(): Promise<void> {
    const until = Date.now() + GATHER_MAX_MS;
    for (let size = -1; waiting.size < APPLY_SLICE_SIZE && waiting.size !== size && Date.now() < until; ) {
      size = waiting.size;
      await new Promise((resolve) => setTimeout(resolve, GATHER_STEP_MS));
    }
  }

  async function applySlice(): Promise<void> {
    await gather();
    const slice: ArrivedChange[] = [];
    // A Map iterates in insertion order and tolerates deleting the current entry: no copy of a long backlog per slice.
    for (const [id, change] of waiting) {
      if (slice.length === APPLY_SLICE_SIZE) break;
      waiting.delete(id);
      slice.push({ id, ...change });
    }
    const { changed, failed } = await apply(slice).catch(() => ({ changed: [], failed: true }));
    // A change that failed is not retried now, but the feed starts before it next time.
    if (failed) checkpointable = false;
    counts.done += slice.length;
    await afterSlice?.().catch(() => undefined);
    if (changed.length > 0) announce([...new Set(changed)]);
    onProgress?.({ ...counts });
    if (waiting.size === 0) {
      draining = false;
      if (checkpointable) await onDrained?.(counts.seq).catch(() => undefined);
      return;
    }
    await yieldToEventLoop();
    schedule(applySlice);
  }

  function begin(seq: number): void {
    counts.seq = Math.max(counts.seq, seq);
    onProgress?.({ ...counts });
  }

  return {
    receive(id, deleted, rev, seq, doc, fresh) {
      if (!waiting.has(id)) counts.total += 1;
      // The local database is always PouchDB, whose sequence numbers are numbers (CouchDB's strings are the remote's).
      counts.seq = Math.max(counts.seq, Number(seq) || 0);
      // Past a few slices' worth, only the id waits: the slice reads the document then (memory stays bounded when the feed runs ahead).
      // A second change of one id while waiting is no longer its first revision here.
      waiting.set(id, { deleted, rev, ...(doc && waiting.size < HELD_DOCS && { doc }), ...(fresh && !waiting.has(id) && { fresh }) });
      if (draining) return;
      draining = true;
      schedule(applySlice);
    },
    begin,
    reach(seq) {
      begin(seq);
      // Draining, the last slice writes it; otherwise nothing will, so a step does.
      if (draining || !checkpointable) return;
      schedule(async () => {
        if (!draining && waiting.size === 0 && checkpointable) await onDrained?.(counts.seq).catch(() => undefined);
      });
    },
    clear: () => waiting.clear(),
  };
}
