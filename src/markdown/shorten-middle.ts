/**
 * Longest text shown whole (about one line on a phone, two at most); longer text loses its
 * middle. Used for the address on the load-image button, whose full form is in its name.
 */
export const SHORTENED_MAX_CHARS = 64;
/** Share of what is kept that comes from the start (a URL's scheme and host); the rest is the end, where a query's data sits. */
const HEAD_SHARE = 0.6;
const ELLIPSIS = '…';

/** `text` as is when short enough, else its start and end around an ellipsis, `max` characters in all. */
export function shortenMiddle(text: string, max = SHORTENED_MAX_CHARS): string {
  // Whole code points, so an emoji or other astral character is never cut in half.
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const kept = Math.max(0, max - 1);
  const head = Math.ceil(kept * HEAD_SHARE);
  const tail = kept - head;
  return chars.slice(0, head).join('') + ELLIPSIS + (tail > 0 ? chars.slice(-tail).join('') : '');
}
