/**
 * Text matching for "Search chats": case- and accent-insensitive ("cafe" finds "Café"), with
 * whitespace runs treated as one space, and a one-line snippet around the first hit.
 */

/** Characters of context kept on each side of a hit in a snippet. */
export const SNIPPET_CONTEXT_CHARS = 60;

export interface Snippet {
  /** Text before the hit, starting with '…' when cut. */
  readonly before: string;
  /** The hit as written in the text (original case and accents). */
  readonly match: string;
  /** Text after the hit, ending with '…' when cut. */
  readonly after: string;
}

/** A message a search found, with its snippet. */
export interface MessageHit {
  readonly chatId: string;
  readonly messageId: string;
  readonly snippet: Snippet;
  /** The text matched in a file the message carries (its text file, its PDF): that file's name. */
  readonly fileName?: string;
}

/** How a message search runs (storage's searchMessages, the scan, the index's worker). */
export interface SearchMessagesOptions {
  signal?: AbortSignal;
  /** Stop once this many chats have a hit. */
  limit?: number;
  /** Chats already found (by title) whose messages need no scan. */
  skipChatIds?: ReadonlySet<string>;
  /** Called after each batch that found something, with that batch's new hits. */
  onBatch?(hits: readonly MessageHit[]): void;
}

export interface SearchMatcher {
  /** The normalized query. */
  readonly query: string;
  matches(text: string): boolean;
  /** Undefined when the text does not match. */
  snippet(text: string): Snippet | undefined;
}

/** Combining diacritical marks, which NFD splits off accented letters. */
const MARKS = /[\u0300-\u036f]/g;
const IS_MARK = /^[\u0300-\u036f]$/;
const SPACES = /\s+/g;
const NON_ASCII = /[^\x00-\x7f]/;
// Lower-casing a word-final Σ gives ς in a whole string but σ alone: fold both to σ.
const FINAL_SIGMA = /ς/g;

export function normalizeForSearch(text: string): string {
  return text.normalize('NFD').replace(MARKS, '').toLowerCase().replace(FINAL_SIGMA, 'σ').replace(SPACES, ' ');
}

/** Below this, a character folds to exactly one character (its lower case), or is white space. */
const ASCII_LIMIT = 0x80;
const ASCII_SPACE = /[\t\n\v\f\r ]/;

/**
 * The offsets in `text` where normalized positions `from` and `to` (exclusive) begin and end,
 * walking the text once, no further than needed, and building nothing the size of the text:
 * a hit near the start of a 5 MB message costs what it costs in a short one.
 */
function originalRange(text: string, from: number, to: number): { start: number; end: number } | undefined {
  let length = 0;
  let lastWasSpace = false;
  let start = -1;
  let offset = 0;
  while (offset < text.length) {
    const code = text.codePointAt(offset)!;
    const width = code > 0xffff ? 2 : 1;
    let folded: number;
    let space: boolean;
    if (code < ASCII_LIMIT) {
      space = ASCII_SPACE.test(text[offset]!);
      folded = 1;
    } else {
      const char = text.slice(offset, offset + width);
      space = /\s/.test(char);
      folded = space ? 1 : normalizeForSearch(char).length;
    }
    if (space) {
      folded = lastWasSpace ? 0 : 1;
      lastWasSpace = true;
    } else if (folded > 0) lastWasSpace = false;
    if (folded > 0) {
      if (start < 0 && length + folded > from) start = offset;
      length += folded;
      if (length >= to) return { start, end: offset + width };
    }
    offset += width;
  }
  return undefined;
}

/** Cuts `text[from, to)` for display: one line, starting/ending on a word where possible. */
function clip(text: string, from: number, to: number, side: 'before' | 'after'): string {
  const start = Math.max(0, from);
  const end = Math.min(text.length, to);
  let piece = text.slice(start, end);
  const cutStart = side === 'before' && start > 0;
  const cutEnd = side === 'after' && end < text.length;
  if (cutStart) {
    const space = piece.search(/\s/);
    if (space >= 0 && space < piece.length - 1) piece = piece.slice(space + 1);
    else if (/^[\udc00-\udfff]/.test(piece)) piece = piece.slice(1);
  }
  if (cutEnd) {
    const space = piece.search(/\s\S*$/);
    if (space > 0) piece = piece.slice(0, space);
    else if (/[\ud800-\udbff]$/.test(piece)) piece = piece.slice(0, -1);
  }
  piece = piece.replace(SPACES, ' ');
  if (side === 'before') piece = cutStart ? `…${piece.trimStart()}` : piece.trimStart();
  else piece = cutEnd ? `${piece.trimEnd()}…` : piece.trimEnd();
  return piece;
}

function snippetAt(text: string, query: string): Snippet | undefined {
  const hit = normalizeForSearch(text).indexOf(query);
  if (hit < 0) return undefined;
  const range = originalRange(text, hit, hit + query.length);
  if (!range) return undefined;
  const { start } = range;
  let { end } = range;
  // Keep accents that follow the last matched letter with it ("cafe" + U+0301).
  while (end < text.length && IS_MARK.test(text[end]!)) end++;
  return {
    before: clip(text, start - SNIPPET_CONTEXT_CHARS, start, 'before'),
    match: text.slice(start, end).replace(SPACES, ' '),
    after: clip(text, end, end + SNIPPET_CONTEXT_CHARS, 'after'),
  };
}

/** Undefined for a query with nothing to search for. */
export function createSearchMatcher(rawQuery: string): SearchMatcher | undefined {
  const query = normalizeForSearch(rawQuery).trim();
  if (query === '') return undefined;
  const hasSpace = query.includes(' ');
  const matches = (text: string) => {
    // Fast path for the common case, which decides most texts without normalizing them.
    if (text.toLowerCase().includes(query)) return true;
    if (!hasSpace && !NON_ASCII.test(text)) return false;
    return normalizeForSearch(text).includes(query);
  };
  return {
    query,
    matches,
    snippet: (text) => (matches(text) ? snippetAt(text, query) : undefined),
  };
}
