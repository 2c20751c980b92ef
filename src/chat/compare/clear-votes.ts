/** Clearing the leaderboard (issue 38): every vote removed from the library, with one Undo that puts them all back. */
import type { LibraryVote } from '../types';

/** What clearing uses of the library store (library/'s LibraryStore is one). */
export interface VoteHolder {
  getSnapshot(): { votes: readonly LibraryVote[] };
  remove(id: string): Promise<(() => Promise<void>) | undefined>;
}

export interface ClearedVotes {
  /** Votes removed (one storage refused stays, and is not counted). */
  removed: number;
  /** Puts every removed vote back; once only, like any Undo. */
  undo(): Promise<void>;
}

/**
 * Removes the votes there are now, one row at a time through the store (so other tabs and sync
 * hear of each, as of any deletion). Each row's own Undo is kept, and the one Undo runs them all.
 */
export async function clearVotes(store: VoteHolder): Promise<ClearedVotes> {
  const undos: (() => Promise<void>)[] = [];
  for (const vote of [...store.getSnapshot().votes]) {
    const undo = await store.remove(vote.id);
    if (undo) undos.push(undo);
  }
  let undone = false;
  return {
    removed: undos.length,
    async undo() {
      if (undone) return;
      undone = true;
      for (const undo of undos) await undo();
    },
  };
}
