/**
 * The replica's changes as the bridge takes them, read in pages from the last sequence it
 * delivered. PouchDB's own live feed hears only writes made through the same PouchDB in the same
 * thread; the pull writes from a worker (pull-worker.ts), so this feed is also woken by hand,
 * after each batch the worker wrote.
 */
import type { PouchChange, PouchDatabase } from 'pouchdb-core';

/** Changes (with their documents) read per request: the inbox applies them in slices of 500. */
export const FEED_PAGE_SIZE = 500;

export interface ReplicaFeed {
  /** The replica has changed (a batch the pull worker wrote): read what is new. */
  wake(): void;
  cancel(): void;
}

export function openReplicaFeed(local: PouchDatabase, since: number, onChange: (change: PouchChange) => void): ReplicaFeed {
  let last = since;
  let reading = false;
  /** Woken while reading: read once more afterwards (the write may have come after this read's request). */
  let again = false;
  let cancelled = false;

  async function read(): Promise<void> {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        for (;;) {
          const { results } = await local.changes({ since: last, include_docs: true, conflicts: true, limit: FEED_PAGE_SIZE });
          if (cancelled) return;
          for (const change of results) {
            // Sequences of a local PouchDB are numbers; a page never goes back, but a wake may overlap the last one.
            const seq = Number(change.seq);
            if (!(seq > last)) continue;
            last = seq;
            onChange(change);
          }
          if (results.length < FEED_PAGE_SIZE) break;
        }
      } while (again && !cancelled);
    } catch {
      // The replica closed under the read (sync stopping) or failed: the next wake reads from `last` again.
    } finally {
      reading = false;
    }
  }

  // Writes through this page's PouchDB (the bridge's exports, a conflict resolved, a pull on the page) wake it by themselves.
  const ownWrites = local.changes({ since: 'now', live: true }).on('change', () => void read());
  void read();
  return {
    wake: () => void read(),
    cancel() {
      cancelled = true;
      ownWrites.cancel();
    },
  };
}
