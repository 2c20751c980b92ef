import { closesFence, fenceOpener, type Fence } from './line-syntax';

// While a reply streams, its last line is usually cut mid-construct. Lexed as it is, `**bo`
// shows its asterisks, `[docs](htt` its brackets, and a lone `-` under a paragraph turns that
// paragraph into a heading for a moment. This pass rewrites only the end of the streaming tail
// so what shows is what the finished text will most likely look like.

/**
 * A last line holding only the start of a block marker: a bullet, an ordered-list number, a
 * heading's `#`s, a setext underline, a quote's `>` or a fence still under three characters.
 */
const PARTIAL_BLOCK_MARKER = /^[ \t]*(?:[-+*=_]+|#{1,6}|\d{1,9}[.)]?|`{1,2}|~{1,2}|>)?[ \t]*$/;
/**
 * Characters an unclosed `$` formula or `<` autolink may hold back before they are taken for
 * text: a formula or an address that long is rare, and text held longer would look stalled.
 */
export const MAX_HELD_CHARS = 120;
const PARTIAL_FENCE_LINE = /^ {0,3}(?:`+|~+)$/;
/** An autolink still arriving: `<` and a URI scheme (or the start of one), or an e-mail address. */
const PARTIAL_AUTOLINK = /<[a-zA-Z][a-zA-Z0-9+.-]*(?::[^\s<>]*|@[^\s<>]*)?$/;
const TABLE_ROW = /^ {0,3}\|/;
const PARTIAL_DELIMITER_ROW = /^ {0,3}\|?[ \t:|-]*$/;
const WORD_CHAR = /[\p{L}\p{N}_]/u;

function isWhitespace(char: string | undefined): boolean {
  return char === undefined || char === ' ' || char === '\t';
}

function isPunctuation(char: string | undefined): boolean {
  return char !== undefined && /[\p{P}\p{S}]/u.test(char);
}

/** Whether the tail ends inside a fenced code block (which marked already renders as code). */
function endsInFence(lines: readonly string[]): boolean {
  let fence: Fence | null = null;
  for (let i = 0; i < lines.length - 1; i += 1) {
    const line = lines[i]!;
    if (fence) {
      if (closesFence(line, fence)) fence = null;
    } else fence = fenceOpener(line);
  }
  return fence !== null;
}

/** The cells of a table row, without its outer pipes. */
function cellsOf(row: string): string[] {
  return row.trim().replace(/^\|/, '').replace(/(?<!\\)\|$/, '').split(/(?<!\\)\|/);
}

/** A half-typed delimiter row completed to the header's width, keeping the alignment typed so far. */
function completeDelimiterRow(header: string, partial: string): string {
  const typed = cellsOf(partial).map((cell) => cell.trim());
  const cells = cellsOf(header).map((_, i) => (typed[i]?.includes('-') ? typed[i] : '---'));
  return `| ${cells.join(' | ')} |`;
}

interface Opener {
  readonly run: string;
  readonly at: number;
}

/** Where the line's code spans are: closed ones as [start, end) ranges, and the one left open, if any. */
function codeSpans(line: string): { closed: [number, number][]; open: { at: number; run: string } | null } {
  const closed: [number, number][] = [];
  let open: { at: number; run: string } | null = null;
  for (let i = line.indexOf('`'); i !== -1; ) {
    let j = i;
    while (line[j] === '`') j += 1;
    const run = line.slice(i, j);
    if (!open) open = { at: i, run };
    else if (run === open.run) {
      closed.push([open.at, j]);
      open = null;
    }
    i = line.indexOf('`', j);
  }
  return { closed, open };
}

/** Emphasis openers (`**`, `_`, `~~` …) still open at the end of the line, outermost first. */
function openEmphasis(line: string, end: number, code: readonly [number, number][]): Opener[] {
  const stack: Opener[] = [];
  let span = 0;
  for (let i = 0; i < end; ) {
    const range = code[span];
    if (range && i >= range[0]) {
      i = range[1];
      span += 1;
      continue;
    }
    const char = line[i]!;
    if (char === '\\') {
      i += 2;
      continue;
    }
    if (char !== '*' && char !== '_' && char !== '~') {
      i += 1;
      continue;
    }
    let j = i;
    while (line[j] === char) j += 1;
    const before = line[i - 1];
    const after = line[j];
    // Stricter than CommonMark on purpose: only a run after a space or punctuation counts as
    // an opener, so `2*3` and `snake_case` are never "closed" into emphasis.
    // A run at the very end opens too: it is an opener whose text has not arrived yet.
    const opens = (after === undefined || !isWhitespace(after)) && (isWhitespace(before) || isPunctuation(before));
    const closes = !isWhitespace(before) && (char !== '_' || isWhitespace(after) || isPunctuation(after));
    const matching = stack.findLastIndex((opener) => opener.run[0] === char);
    if (closes && matching !== -1) stack.length = matching;
    else if (opens) stack.push({ run: line.slice(i, j), at: i });
    i = j;
  }
  return stack;
}

/**
 * Closes what the last line left open: a code span, then emphasis (innermost first). An opener
 * with nothing after it yet is dropped instead, since closing it would show an empty span.
 */
function closeInline(line: string): string {
  const code = codeSpans(line);
  const openers = openEmphasis(line, code.open ? code.open.at : line.length, code.closed);
  let result = line;
  if (code.open) {
    const inside = line.slice(code.open.at + code.open.run.length);
    result = inside.trim() ? `${line}${code.open.run}` : line.slice(0, code.open.at);
  }
  for (let k = openers.length - 1; k >= 0; k -= 1) {
    const opener = openers[k]!;
    const inner = result.slice(opener.at + opener.run.length);
    result = inner.trim() ? `${result.trimEnd()}${opener.run}` : result.slice(0, opener.at) + inner;
  }
  return result;
}

/**
 * Hides a link or image whose syntax is still arriving: `[text](htt` shows `text`, `![alt](…`
 * nothing. Until its `(` arrives, `[text` or `[text]` may as well stay literal text (`[sic]`),
 * so it is held back (up to MAX_HELD_CHARS) rather than shown without its brackets.
 */
function hidePartialLink(line: string): string {
  const open = line.lastIndexOf('[');
  if (open === -1) return line;
  const rest = line.slice(open);
  const partial = /^\[([^\]]*)(?:\](\([^)]*)?)?$/.exec(rest);
  if (!partial) return line;
  if (line[open - 1] === '!') return line.slice(0, open - 1);
  // A note reference (`text[^1]`) follows a word directly: it becomes a number, not text.
  if (rest.startsWith('[^') && partial[2] === undefined) return rest.length <= MAX_HELD_CHARS ? line.slice(0, open) : line;
  if (open > 0 && WORD_CHAR.test(line[open - 1]!)) return line;
  if (partial[2] !== undefined) return line.slice(0, open) + partial[1];
  return rest.length <= MAX_HELD_CHARS ? line.slice(0, open) : line;
}

/**
 * Where an inline formula opened on this line is still waiting for its closing `$` (outside code
 * spans), or -1. Follows math-syntax.ts: an opening `$` is followed by a non-space, a closing
 * one preceded by a non-space. A `$` before a digit is taken for a price and never held.
 */
function openMathAt(line: string, code: readonly [number, number][], end: number): number {
  let open = -1;
  let span = 0;
  for (let i = 0; i < end; i += 1) {
    const range = code[span];
    if (range && i >= range[0]) {
      i = range[1] - 1;
      span += 1;
      continue;
    }
    const char = line[i];
    if (char === '\\') i += 1;
    else if (char === '$') {
      if (line[i + 1] === '$') {
        i += 1;
        continue;
      }
      if (open !== -1) {
        if (!isWhitespace(line[i - 1])) open = -1;
      } else if (i === line.length - 1 || (!isWhitespace(line[i + 1]) && !/[0-9]/.test(line[i + 1]!))) open = i;
    }
  }
  return open;
}

/** Holds back an unclosed `$…` formula or `<…` autolink, which would otherwise show as raw text first. */
function holdBackUnclosed(line: string): string {
  const code = codeSpans(line);
  const end = code.open ? code.open.at : line.length;
  const math = openMathAt(line, code.closed, end);
  if (math !== -1 && line.length - math <= MAX_HELD_CHARS) return line.slice(0, math);
  const autolink = PARTIAL_AUTOLINK.exec(line.slice(0, end));
  if (autolink && line.length - autolink.index <= MAX_HELD_CHARS) return line.slice(0, autolink.index);
  return line;
}

/**
 * A delimiter run at the very end, right after text, is most likely a closer still arriving
 * (`**bold*` before its second `*`): shown, its first half would read as a literal `*`. Dropped,
 * closeInline closes the emphasis whole instead.
 */
function dropPartialCloser(line: string): string {
  const run = /(?<=[^\s*_~\\])[*_~]+$/.exec(line);
  return run ? line.slice(0, run.index) : line;
}

/** The streaming tail rewritten so its unfinished last line does not flash raw syntax. */
export function closeStreamingTail(tail: string): string {
  const lines = tail.split('\n');
  // Inside code, a line of backticks or tildes is most likely the closing fence arriving: shown,
  // it would sit in the code for a moment and then vanish.
  if (endsInFence(lines)) return PARTIAL_FENCE_LINE.test(lines[lines.length - 1]!) ? lines.slice(0, -1).join('\n') : tail;
  const last = lines[lines.length - 1]!;
  const previous = lines[lines.length - 2];
  const beforePrevious = lines[lines.length - 3];
  const head = (count: number) => lines.slice(0, lines.length - count).join('\n');
  const withLast = (line: string) => [...lines.slice(0, -1), line].join('\n');

  // A lone pipe row is probably a table header waiting for its delimiter row: hold it back.
  if (last === '' && previous !== undefined && TABLE_ROW.test(previous) && !TABLE_ROW.test(beforePrevious ?? '')) {
    return head(2);
  }
  if (PARTIAL_BLOCK_MARKER.test(last)) return head(1);
  // A fence whose info string is still arriving: its language would show half-typed (or, with no
  // closing fence yet, the backticks as an inline code span). It opens once its line is complete.
  if (fenceOpener(last)) return head(1);
  if (TABLE_ROW.test(last) && !TABLE_ROW.test(previous ?? '')) return head(1);
  if (previous !== undefined && TABLE_ROW.test(previous) && !TABLE_ROW.test(beforePrevious ?? '') && PARTIAL_DELIMITER_ROW.test(last)) {
    // Until its first `-`, the delimiter row could still be anything: hold the header back with it.
    return last.includes('-') ? withLast(completeDelimiterRow(previous, last)) : head(2);
  }
  const closed = closeInline(hidePartialLink(holdBackUnclosed(dropPartialCloser(last.replace(/\\$/, '')))));
  return closed === last ? tail : withLast(closed);
}
