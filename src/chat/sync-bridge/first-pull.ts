import type { PouchDoc } from 'pouchdb-core';
import type { ArrivedChange } from './change-inbox';

/**
 * A first sync's documents taken as the pull writes them into a fresh replica, instead of read
 * back through the replica's changes feed (which reads every document again: about a second per
 * 10,000 on the same IndexedDB the pull is writing to; bench:sync). A pulled revision is the
 * document's only revision in the replica, so it is the winner and has no conflicts, when the
 * replica held nothing of that id before: not written by this device (an export), not pulled
 * before, and not twice in one batch (the server's own conflicting leaves). Any other is handed
 * over by id alone, and the bridge reads it from the replica with its conflicts.
 */
export interface FirstPull {
  /** The bridge wrote this document to the replica itself. */
  wrote(id: string): void;
  /** A batch the pull wrote, as changes for the bridge's inbox. */
  take(docs: readonly PouchDoc[]): ArrivedChange[];
}

export function createFirstPull(): FirstPull {
  /** Every id the replica has held since it was empty. */
  const held = new Set<string>();
  return {
    wrote: (id) => void held.add(id),
    take(docs) {
      const inBatch = new Map<string, number>();
      for (const doc of docs) inBatch.set(doc._id, (inBatch.get(doc._id) ?? 0) + 1);
      return docs.map((doc) => {
        const only = !held.has(doc._id) && inBatch.get(doc._id) === 1;
        held.add(doc._id);
        return { id: doc._id, deleted: doc._deleted === true, rev: doc._rev ?? '', ...(only && { doc, fresh: true }) };
      });
    },
  };
}
