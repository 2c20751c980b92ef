import { closesFence, fenceOpener, type Fence } from './line-syntax';

// While a reply streams, its last line is usually cut mid-construct. Lexed as it is, `**bo`
// shows its asterisks, `[docs](htt` its brackets, and a lone `-` under a paragraph turns that
// paragraph into a heading for a moment. This pass rewrites only the end of the streaming tail
// so what shows is what the finished text will most likely look like.

/**
 * A last line holding only the start of a block marker: a bullet, an ordered-list number, a
 * heading's `#`s, a setext underline, a quote's `>` or a fence still under three characters.
 */
const PARTIAL_BLOCK_MARKER = /^ {0,3}(?:[-+*=_]+|#{1,6}|\d{1,9}[.)]?|`{1,2}|~{1,2}|>)?[ \t]*$/;
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

/** Hides a link or image whose syntax is still arriving: `[text](htt` shows `text`, `![alt](…` nothing. */
function hidePartialLink(line: string): string {
  const open = line.lastIndexOf('[');
  if (open === -1) return line;
  const rest = line.slice(open);
  const partial = /^\[([^\]]*)(?:\](\([^)]*)?)?$/.exec(rest);
  if (!partial) return line;
  if (line[open - 1] === '!') return line.slice(0, open - 1);
  if (open > 0 && WORD_CHAR.test(line[open - 1]!)) return line;
  return line.slice(0, open) + partial[1];
}

/** The streaming tail rewritten so its unfinished last line does not flash raw syntax. */
export function closeStreamingTail(tail: string): string {
  const lines = tail.split('\n');
  if (endsInFence(lines)) return tail;
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
  if (TABLE_ROW.test(last) && !TABLE_ROW.test(previous ?? '')) return head(1);
  if (
    previous !== undefined &&
    TABLE_ROW.test(previous) &&
    !TABLE_ROW.test(beforePrevious ?? '') &&
    PARTIAL_DELIMITER_ROW.test(last) &&
    last.includes('-')
  ) {
    return withLast(completeDelimiterRow(previous, last));
  }
  const closed = closeInline(hidePartialLink(last.replace(/\\$/, '')));
  return closed === last ? tail : withLast(closed);
}
