import { useState, type CSSProperties } from 'react';
import type { ToastClock } from './toast-store';

export interface ToastProgressProps {
  /** The toast's whole duration in ms (never 0: sticky toasts have no bar). */
  duration: number;
  clock: ToastClock;
}

/**
 * The thin bar showing the time left. JS writes the numbers, CSS animates: the animation lasts
 * the whole duration and starts `elapsed` ms in (a negative delay), so a fresh element per clock
 * segment (the caller keys it) resumes exactly where the store's clock says. While paused it
 * freezes (`animation-play-state`). Decorative: the remaining time is not something to read aloud.
 */
export function ToastProgress({ duration, clock }: ToastProgressProps) {
  // Read once per element: a bar mounting after its clock started (a toaster mounting late) starts
  // that much further in, and later re-renders must not move a running animation's delay.
  const [elapsed] = useState(() => {
    const running = clock.running ? Date.now() - clock.since : 0;
    return Math.min(duration, Math.max(0, duration - clock.remaining + running));
  });
  const numbers = { '--toast-duration': `${duration}ms`, '--toast-delay': `${-elapsed}ms` } as CSSProperties;
  return <div className="toast-progress" aria-hidden="true" data-state={clock.running ? 'running' : 'paused'} style={numbers} />;
}

/** A key that changes whenever the clock starts, stops or restarts, so the bar restarts from the new numbers. */
export function progressKey(clock: ToastClock): string {
  return `${clock.since}:${clock.remaining}:${clock.running ? 'run' : 'hold'}`;
}
