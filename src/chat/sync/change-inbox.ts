import { yieldToEventLoop } from '../../lib/yield-to-event-loop';

/**
 * The local database's changes on their way into Parley's storage. They are applied in slices:
 * a first sync brings hundreds of thousands of documents, and the page must stay responsive, so
 * after each slice the page gets a turn and the slice's chats are announced once (not per
 * document). Each slice is one step of the bridge's queue, so this tab's own exports run between.
 */

/**
 * Documents applied per slice: each is a few awaited IndexedDB reads and writes, so a slice keeps
 * every main-thread task well under 100 ms during a 200,000-document first sync (bench:sync).
 */
export const APPLY_SLICE_SIZE = 50;

/** How far the bridge is with the documents the feed brought since it started. */
export interface BridgeProgress {
  /** Documents applied to storage (or found unchanged). */
  done: number;
  /** Documents received from the feed: `total - done` are waiting. */
  total: number;
  /** The feed's last sequence number received: the bridge has seen every change up to it. */
  seq: number;
}

export interface ChangeInboxOptions {
  /** Applies one change; resolves with the chat it altered, if any. */
  apply(id: string, deleted: boolean, rev: string): Promise<string | undefined>;
  /** Runs a step in the bridge's one queue. */
  schedule(step: () => Promise<void>): void;
  announce(chatIds: readonly string[]): void;
  /** After each slice, before it is announced: what the slice's changes leave to write once (the version ledger). */
  afterSlice?(): Promise<void>;
  onProgress?(progress: BridgeProgress): void;
}

export interface ChangeInbox {
  receive(id: string, deleted: boolean, rev: string, seq: number | string): void;
  /** Drops what is waiting (the bridge stopped). */
  clear(): void;
}

export function createChangeInbox({ apply, schedule, announce, afterSlice, onProgress }: ChangeInboxOptions): ChangeInbox {
  /** By document id: a document changed twice while waiting is applied once. */
  const waiting = new Map<string, { deleted: boolean; rev: string }>();
  const counts: BridgeProgress = { done: 0, total: 0, seq: 0 };
  let draining = false;

  async function applySlice(): Promise<void> {
    const changed = new Set<string>();
    let taken = 0;
    // A Map iterates in insertion order and tolerates deleting the current entry: no copy of a long backlog per slice.
    for (const [id, change] of waiting) {
      if (taken === APPLY_SLICE_SIZE) break;
      taken += 1;
      waiting.delete(id);
      const chatId = await apply(id, change.deleted, change.rev).catch(() => undefined);
      if (chatId) changed.add(chatId);
      counts.done += 1;
    }
    await afterSlice?.().catch(() => undefined);
    if (changed.size > 0) announce([...changed]);
    onProgress?.({ ...counts });
    if (waiting.size === 0) {
      draining = false;
      return;
    }
    await yieldToEventLoop();
    schedule(applySlice);
  }

  return {
    receive(id, deleted, rev, seq) {
      if (!waiting.has(id)) counts.total += 1;
      // The local database is always PouchDB, whose sequence numbers are numbers (CouchDB's strings are the remote's).
      counts.seq = Math.max(counts.seq, Number(seq) || 0);
      waiting.set(id, { deleted, rev });
      if (draining) return;
      draining = true;
      schedule(applySlice);
    },
    clear: () => waiting.clear(),
  };
}
