import { yieldToEventLoop } from '../../lib/yield-to-event-loop';
import { throwIfAborted } from './errors';

/**
 * Main-thread work in slices: `await pace()` inside a loop gives the page back to the browser
 * once a slice has run for SLICE_MS, and rejects there if the import was cancelled.
 */

/** Well under the 50 ms that makes a long task, so input and paint get through between slices. */
export const SLICE_MS = 12;

export function pacer(signal?: AbortSignal, sliceMs: number = SLICE_MS): () => Promise<void> | void {
  let sliceStart = performance.now();
  return () => {
    if (performance.now() - sliceStart < sliceMs) return;
    return yieldToEventLoop().then(() => {
      throwIfAborted(signal);
      sliceStart = performance.now();
    });
  };
}
