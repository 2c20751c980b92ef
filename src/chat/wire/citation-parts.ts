// The citation parts every format's reader makes (issue 37): one shape, a bound, and offsets turned into UTF-16.
import type { DecodedDelta } from './stream-parts';

/**
 * Citation parts one stream may yield; the rest are dropped as they come. As many as the
 * cleaner shows (shapes/citations.ts' MAX_CITATIONS): a stream of 10,000 annotations would
 * otherwise grow the reply 10,000 times as it streams.
 */
export const MAX_STREAM_CITATIONS = 100;

/** What a format found: raw values, checked here (a provider may send anything). */
export interface CitationFields {
  url: unknown;
  title?: unknown;
  citedText?: unknown;
  /**
   * Where it stands in this stream's text (UTF-16 units, `end` exclusive), asked only of a
   * citation that is kept (a format may walk its text to find it); undefined: nowhere in particular.
   */
  span?: () => readonly [start: number | undefined, end: number | undefined] | undefined;
}

/** Only an address that may become a link is worth a part; the cleaner checks it again when shown. */
const WEB = /^\s*https?:/i;
const isOffset = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/**
 * A stream's maker of citation parts: a part only for a string `http(s):` address, its title and
 * quote only when they are strings, its span only when both ends are offsets with `start < end`,
 * and no more than MAX_STREAM_CITATIONS parts in all. Never throws.
 */
export function createCitationParts(): (fields: CitationFields) => DecodedDelta | undefined {
  let made = 0;
  return ({ url, title, citedText, span }) => {
    if (made >= MAX_STREAM_CITATIONS || typeof url !== 'string' || !WEB.test(url)) return undefined;
    made += 1;
    const [start, end] = span?.() ?? [];
    return {
      type: 'citation',
      citation: {
        url,
        ...(typeof title === 'string' && title !== '' && { title }),
        ...(typeof citedText === 'string' && citedText !== '' && { citedText }),
        ...(isOffset(start) && isOffset(end) && start < end && { start, end }),
      },
    };
  };
}

/**
 * The UTF-16 offset in `text` of its `points`-th code point. OpenAI's annotation indices count
 * characters as Python does (code points), a JavaScript string counts UTF-16 units: an emoji is
 * one of the first and two of the second. An offset past the text comes back past it (undefined
 * for one that is not a non-negative integer), so a span beyond the text stays beyond it.
 */
export function codeUnitOffset(text: string, points: unknown): number | undefined {
  if (!isOffset(points)) return undefined;
  let units = 0;
  for (let seen = 0; seen < points; seen++) {
    if (units >= text.length) return text.length + (points - seen);
    const code = text.charCodeAt(units);
    const pair = code >= 0xd800 && code <= 0xdbff && units + 1 < text.length && (text.charCodeAt(units + 1) & 0xfc00) === 0xdc00;
    units += pair ? 2 : 1;
  }
  return units;
}
