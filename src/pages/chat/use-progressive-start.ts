import { startTransition, useEffect, useState } from 'react';

/** Messages rendered at once when a chat opens: more than a screenful, few enough for one frame. */
export const FIRST_RENDER_MESSAGES = 40;
/** Older messages added per task afterwards, so no task grows long (a 2,000-message chat stays responsive). */
export const LATER_RENDER_MESSAGES = 100;

/**
 * How many of the oldest entries to leave out for now. A long chat opens on its newest messages
 * at once; older ones are added a batch per task, in transitions that typing or clicking
 * interrupts. Once everything has been shown, nothing is ever held back again, so new
 * messages at the end always appear.
 */
export function useProgressiveStart(total: number): number {
  const [shown, setShown] = useState(FIRST_RENDER_MESSAGES);
  const [complete, setComplete] = useState(false);
  const caughtUp = shown >= total;
  useEffect(() => {
    if (complete) return;
    // total is 0 while the chat's messages are still loading: that is not "caught up".
    if (caughtUp && total > 0) {
      setComplete(true);
      return;
    }
    if (caughtUp) return;
    const timer = setTimeout(() => startTransition(() => setShown((s) => s + LATER_RENDER_MESSAGES)), 0);
    return () => clearTimeout(timer);
  }, [complete, caughtUp, shown, total]);
  return complete ? 0 : Math.max(0, total - shown);
}
