/**
 * Ids that sort by creation time (a time prefix, a per-tab counter, then randomness), so the
 * message store's key order is roughly creation order: search can walk newest first without an
 * extra index, and ids made in the same millisecond still sort in the order they were made.
 */

/** Base-36 digits of the time prefix: enough for any millisecond timestamp until the year 5188. */
const TIME_DIGITS = 9;
/** Base-36 digits of the counter for ids made in the same millisecond. */
const COUNTER_DIGITS = 4;

let lastTime = -1;
let counter = 0;

function randomPart(): string {
  const words = new Uint32Array(2);
  crypto.getRandomValues(words);
  return words[0]!.toString(36).padStart(7, '0') + words[1]!.toString(36).padStart(7, '0');
}

export function newId(time: number = Date.now()): string {
  // Never go backwards within a tab, even if the clock does.
  const at = Math.max(time, lastTime);
  counter = at === lastTime ? counter + 1 : 0;
  lastTime = at;
  return at.toString(36).padStart(TIME_DIGITS, '0') + counter.toString(36).padStart(COUNTER_DIGITS, '0') + randomPart();
}
