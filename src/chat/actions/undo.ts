/** Puts back what a delete removed; a second call does nothing. */
export type Undo = () => Promise<void>;

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
