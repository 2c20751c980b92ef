import { closesFence, fenceOpener, type Fence } from './line-syntax';

/** Lists and quotes nest at most this deep; deeper markers are escaped and read as text. */
export const MAX_NESTING_DEPTH = 20;
/** Indentation beyond this is cut back: each list level needs about two columns, so this bounds nesting by indentation too. */
export const MAX_INDENT_COLUMNS = 4 * MAX_NESTING_DEPTH;
/** Columns a tab advances to (CommonMark's tab stop). */
const TAB_STOP = 4;

const SPACE = 0x20;
const TAB = 0x09;
const QUOTE = 0x3e; // >
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
/** CommonMark: an ordered list number has at most nine digits. */
const MAX_ORDERED_DIGITS = 9;

function isMarkerEnd(code: number): boolean {
  return Number.isNaN(code) || code === SPACE || code === TAB || code === 0x0d;
}

/**
 * The length of the list marker at `i` (`-`, `*`, `+`, `12.`, `3)`), or 0 when there is none.
 * `escapeAt` is where a backslash turns it into text: the delimiter of an ordered marker, since a
 * backslash before a digit is not an escape.
 */
function listMarker(line: string, i: number): { length: number; escapeAt: number } | null {
  const code = line.charCodeAt(i);
  if (code === 0x2d || code === 0x2a || code === 0x2b) return isMarkerEnd(line.charCodeAt(i + 1)) ? { length: 1, escapeAt: i } : null;
  let j = i;
  while (j - i < MAX_ORDERED_DIGITS && line.charCodeAt(j) >= DIGIT_0 && line.charCodeAt(j) <= DIGIT_9) j += 1;
  if (j === i) return null;
  const delimiter = line.charCodeAt(j);
  if ((delimiter === 0x2e || delimiter === 0x29) && isMarkerEnd(line.charCodeAt(j + 1))) return { length: j - i + 1, escapeAt: j };
  return null;
}

/**
 * One line with at most MAX_NESTING_DEPTH container markers (`>` and list markers) in its
 * prefix and at most MAX_INDENT_COLUMNS of leading indentation. Returns the line unchanged when
 * it is within both limits (the usual case), so callers can tell nothing happened.
 */
export function limitLine(line: string): string {
  let i = 0;
  let columns = 0;
  while (i < line.length) {
    const code = line.charCodeAt(i);
    if (code === SPACE) columns += 1;
    else if (code === TAB) columns += TAB_STOP - (columns % TAB_STOP);
    else break;
    i += 1;
  }
  let result = line;
  if (columns > MAX_INDENT_COLUMNS) {
    result = ' '.repeat(MAX_INDENT_COLUMNS) + line.slice(i);
    i = MAX_INDENT_COLUMNS;
  }
  let depth = 0;
  while (i < result.length) {
    const code = result.charCodeAt(i);
    if (code === SPACE || code === TAB) {
      i += 1;
      continue;
    }
    const marker = code === QUOTE ? { length: 1, escapeAt: i } : listMarker(result, i);
    if (!marker) break;
    if (depth === MAX_NESTING_DEPTH) return `${result.slice(0, marker.escapeAt)}\\${result.slice(marker.escapeAt)}`;
    depth += 1;
    i += marker.length;
  }
  return result;
}

/**
 * Bounds the nesting the lexer will see: marked nests lists and quotes by recursion, so a few
 * kilobytes of `> > > …` or `- - - …` would otherwise overflow the stack or take quadratic time.
 * Lines inside a column-0..3 fenced code block are left alone (they are code). Linear time.
 */
export function limitNesting(source: string): string {
  const lines = source.split('\n');
  let fence: Fence | null = null;
  let changed = false;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (fence) {
      if (closesFence(line, fence)) fence = null;
      continue;
    }
    fence = fenceOpener(line);
    if (fence) continue;
    const limited = limitLine(line);
    if (limited !== line) {
      lines[index] = limited;
      changed = true;
    }
  }
  return changed ? lines.join('\n') : source;
}
