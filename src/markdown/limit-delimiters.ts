import { closesFence, fenceOpener, type Fence } from './line-syntax';

/**
 * Emphasis (`*`, `_`, `~`) may be open at most this many delimiters deep within a paragraph;
 * further openers are escaped and read as text. marked nests emphasis by re-lexing the inside,
 * so thousands of openers would cost quadratic time and overflow the stack.
 */
export const MAX_EMPHASIS_DEPTH = 20;

const BACKTICK = 0x60;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;

function isEmphasisChar(code: number): boolean {
  return code === 0x2a || code === 0x5f || code === 0x7e; // * _ ~
}

function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === NEWLINE || code === 0x0d;
}

/** ASCII punctuation, as CommonMark's flanking rules see it. */
function isPunctuation(code: number): boolean {
  return (code >= 0x21 && code <= 0x2f) || (code >= 0x3a && code <= 0x40) || (code >= 0x5b && code <= 0x60) || (code >= 0x7b && code <= 0x7e);
}

/** Where each backtick run starts, and a way to find the next run of the same length in linear total time. */
class BacktickRuns {
  readonly #byLength = new Map<number, number[]>();
  readonly #cursor = new Map<number, number>();

  constructor(text: string) {
    for (let i = text.indexOf('`'); i !== -1; ) {
      let j = i;
      while (text.charCodeAt(j) === BACKTICK) j += 1;
      const list = this.#byLength.get(j - i);
      if (list) list.push(i);
      else this.#byLength.set(j - i, [i]);
      i = text.indexOf('`', j);
    }
  }

  /** The start of the first run of exactly `length` backticks after `from`, or -1. Calls must move forward. */
  next(length: number, from: number): number {
    const list = this.#byLength.get(length);
    if (!list) return -1;
    let cursor = this.#cursor.get(length) ?? 0;
    while (cursor < list.length && list[cursor]! <= from) cursor += 1;
    this.#cursor.set(length, cursor);
    return cursor < list.length ? list[cursor]! : -1;
  }
}

/** Offsets of the lines inside column-0..3 fenced code blocks are skipped: they are code. */
function fencedRanges(source: string): [number, number][] {
  const ranges: [number, number][] = [];
  let fence: Fence | null = null;
  let fenceStart = 0;
  let lineStart = 0;
  while (lineStart <= source.length) {
    const newline = source.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? source.length : newline;
    const line = source.slice(lineStart, lineEnd);
    if (fence) {
      if (closesFence(line, fence)) {
        ranges.push([fenceStart, lineEnd]);
        fence = null;
      }
    } else if ((fence = fenceOpener(line))) fenceStart = lineStart;
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  if (fence) ranges.push([fenceStart, source.length]);
  return ranges;
}

/**
 * Escapes emphasis openers beyond MAX_EMPHASIS_DEPTH in each paragraph of `source`, leaving code
 * spans and fenced code untouched. Returns `source` itself when nothing needed escaping.
 * Openers and closers follow CommonMark's flanking rules closely enough to count depth; runs
 * that can both open and close (inside a word) do not change it. Linear time.
 */
export function limitDelimiters(source: string): string {
  if (!/[*_~]/.test(source)) return source;
  const ticks = source.includes('`') ? new BacktickRuns(source) : null;
  const fenced = fencedRanges(source);
  let fenceIndex = 0;
  const blankLine = /\n[ \t]*\n/g;
  /** Where the paragraph around `i` ends: the next blank line at or after it (found moving forward only). */
  let paragraphEnd = -1;
  const endOfParagraph = (from: number) => {
    if (paragraphEnd !== -1 && paragraphEnd >= from) return paragraphEnd;
    blankLine.lastIndex = from;
    paragraphEnd = blankLine.exec(source)?.index ?? source.length;
    return paragraphEnd;
  };
  const pieces: string[] = [];
  let copiedUpTo = 0;
  let open = 0;
  let i = 0;
  while (i < source.length) {
    const range = fenced[fenceIndex];
    if (range && i >= range[0]) {
      i = range[1];
      fenceIndex += 1;
      open = 0;
      continue;
    }
    const code = source.charCodeAt(i);
    if (code === BACKSLASH) {
      i += 2;
    } else if (code === NEWLINE) {
      // A blank line ends the paragraph, and with it every open emphasis.
      let j = i + 1;
      while (source.charCodeAt(j) === 0x20 || source.charCodeAt(j) === 0x09) j += 1;
      if (source.charCodeAt(j) === NEWLINE) open = 0;
      i += 1;
    } else if (code === BACKTICK && ticks) {
      let j = i;
      while (source.charCodeAt(j) === BACKTICK) j += 1;
      const closer = ticks.next(j - i, i);
      // A code span ends at its matching run, within the paragraph.
      i = closer !== -1 && closer < endOfParagraph(i) ? closer + (j - i) : j;
    } else if (isEmphasisChar(code)) {
      let j = i;
      while (source.charCodeAt(j) === code) j += 1;
      const before = i === 0 ? NEWLINE : source.charCodeAt(i - 1);
      const after = j === source.length ? NEWLINE : source.charCodeAt(j);
      const opens = !isWhitespace(after) && (isWhitespace(before) || isPunctuation(before));
      const closes = !isWhitespace(before) && (isWhitespace(after) || isPunctuation(after));
      const run = j - i;
      if (opens && !closes) {
        if (open + run > MAX_EMPHASIS_DEPTH) {
          pieces.push(source.slice(copiedUpTo, i), `\\${String.fromCharCode(code)}`.repeat(run));
          copiedUpTo = j;
        } else open += run;
      } else if (closes && !opens) open = Math.max(0, open - run);
      i = j;
    } else i += 1;
  }
  if (copiedUpTo === 0) return source;
  pieces.push(source.slice(copiedUpTo));
  return pieces.join('');
}
