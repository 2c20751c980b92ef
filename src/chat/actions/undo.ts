/** Undo for deletes: what a toast's Undo runs, at most once. */
import type { Undo } from '../store';

export const noUndo: Undo = async () => {};

/** Wraps `restore` so it runs at most once (a toast's Undo can be pressed twice). */
export function once(restore: () => Promise<void>): Undo {
  let used = false;
  return async () => {
    if (used) return;
    used = true;
    await restore();
  };
}
