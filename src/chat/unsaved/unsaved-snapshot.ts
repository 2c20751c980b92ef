/**
 * What the screen marks as not saved. Apart from the ledger that computes it, so the first screen
 * (the history's marks) carries only this shape, not the bookkeeping behind it.
 */
export interface UnsavedSnapshot {
  /** Chats whose own row isn't stored as shown: a new chat, a rename, a changed setting. */
  readonly chats: ReadonlySet<string>;
  /** Chats with anything unsaved, their messages included (the history marks these). */
  readonly chatsWithChanges: ReadonlySet<string>;
  readonly messages: ReadonlySet<string>;
  /** Every change not yet stored, deletions included. */
  readonly count: number;
}

export const NOTHING_UNSAVED: UnsavedSnapshot = { chats: new Set(), chatsWithChanges: new Set(), messages: new Set(), count: 0 };
