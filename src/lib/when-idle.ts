/** Work deferred past the first screen runs within this long even when the page never idles. */
export const IDLE_TIMEOUT_MS = 3000;

/**
 * Runs `run` after the first screen, while nothing else is going on (or within a few seconds
 * at most): code the first screen does not show is fetched here, before it is wanted.
 */
export function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(run, 0);
}
