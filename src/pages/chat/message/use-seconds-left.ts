import { useEffect, useState } from 'react';

/** A countdown shows whole seconds. */
const SECOND_MS = 1000;

const secondsUntil = (until: number | undefined, now: number) => (until === undefined ? 0 : Math.max(0, Math.ceil((until - now) / SECOND_MS)));

/**
 * Whole seconds left until `until` (ms since the epoch), 0 once it has passed or when undefined.
 * Re-renders as each second ticks over, timed to the boundary so the figure never lags a second.
 */
export function useSecondsLeft(until: number | undefined): number {
  const [tick, setTick] = useState(0);
  const left = secondsUntil(until, Date.now());
  useEffect(() => {
    if (left === 0 || until === undefined) return;
    // Wake at the next whole second before `until`, not on a free-running interval that drifts.
    const delay = (until - Date.now()) % SECOND_MS || SECOND_MS;
    const timer = setTimeout(() => setTick((n) => n + 1), delay);
    return () => clearTimeout(timer);
    // `tick` too: a timer that fired a little early (clocks differ) still schedules the next one.
  }, [until, left, tick]);
  return left;
}
