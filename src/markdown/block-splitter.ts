import { mayDefine, mayReference } from './document-links';
import { htmlBlockEnd } from './html-block';
import {
  blockIndent,
  closesFence,
  fenceOpener,
  isAtxHeading,
  isBlankLine,
  MAX_BLOCK_INDENT,
  startsWithListMarker,
  type Fence,
} from './line-syntax';

/** A stretch of the text that is lexed and rendered on its own; `start` is its offset in the text. */
export interface MarkdownBlock {
  readonly start: number;
  readonly source: string;
  /** It may use a reference link defined elsewhere (`[text][ref]`). */
  readonly references?: boolean;
  /** It may define reference links (`[ref]: https://…`). */
  readonly definitions?: boolean;
}

/** Finished blocks are kept in groups of this many, so an update reconciles a group, not every block. */
export const BLOCK_GROUP_SIZE = 32;

/**
 * The text cut into finished blocks and an unfinished tail. Full groups never change again
 * (React can skip them by identity); only the last group and the tail do.
 */
export interface BlockSplit {
  readonly groups: readonly (readonly MarkdownBlock[])[];
  readonly blockCount: number;
  readonly tail: MarkdownBlock;
  /** The finished blocks that may define reference links; a new array only when one is added. */
  readonly definers: readonly MarkdownBlock[];
}

interface OpenFence extends Fence {
  /** Opened at column 0, so it belongs to no list item: its closing line ends a block. */
  readonly topLevel: boolean;
}

function isAsciiLetter(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

/**
 * V8 keeps a slice pointing into the string it came from. A streamed reply is a new string on
 * every update, so each finished block would pin a whole copy of the reply; this makes the
 * block's own string (concatenation then slicing flattens into a fresh buffer of its size).
 */
function detach(source: string): string {
  return (source + ' ').slice(0, -1);
}

/**
 * Cuts streaming markdown into blocks that lex the same alone as inside the whole text, in time
 * proportional to the text added since the last call. A cut is made only where no construct can
 * continue across it, decided from characters that can no longer change:
 * - before a blank-line-separated line indented less than code (0–3 spaces); when the block
 *   has a list, only before an unindented line that is not a list marker (an item or indented
 *   code would continue across the blank line; a paragraph, heading, quote or table cannot);
 * - before and after a column-0 fenced code block and an ATX heading (they interrupt anything
 *   and nothing continues them);
 * - never inside a fenced code block, where blank lines are code, nor inside a raw HTML block
 *   that runs to an end marker (a comment, `<pre>`, `<textarea>` …: see html-block.ts).
 * Because decisions depend only on text that is already final, any chunking of the same text
 * gives the same blocks as the whole text at once.
 */
export class BlockSplitter {
  readonly #groupSize: number;
  #text = '';
  #groups: MarkdownBlock[][] = [];
  #blockCount = 0;
  #definers: MarkdownBlock[] = [];
  /** Where the unfinished block starts. */
  #blockStart = 0;
  /** Where the first line not yet scanned starts (just after the last newline seen). */
  #scanned = 0;
  #fence: OpenFence | null = null;
  /** The end marker of an open raw HTML block that runs across blank lines (a comment, `<pre>` …). */
  #htmlEnd: RegExp | null = null;
  /** The unfinished block has a non-blank line (blank lines alone never make a block). */
  #hasContent = false;
  /** A blank line was seen after content: the next line decides whether to cut. */
  #afterBlank = false;
  /** The unfinished block has a list item: a list marker after a blank line may continue it. */
  #hasList = false;

  constructor(groupSize: number = BLOCK_GROUP_SIZE) {
    this.#groupSize = groupSize;
  }

  /** Splits `text`; when it extends the previous text only the new lines are scanned. */
  split(text: string): BlockSplit {
    if (!this.#extends(text)) this.#reset();
    this.#text = text;
    let lineStart = this.#scanned;
    for (let newline = text.indexOf('\n', lineStart); newline !== -1; newline = text.indexOf('\n', lineStart)) {
      this.#scanLine(lineStart, newline);
      lineStart = newline + 1;
    }
    this.#scanned = lineStart;
    this.#cutBeforePartialLine();
    return {
      groups: this.#groups,
      blockCount: this.#blockCount,
      tail: { start: this.#blockStart, source: text.slice(this.#blockStart) },
      definers: this.#definers,
    };
  }

  #extends(text: string): boolean {
    const previous = this.#text;
    // A slice compared with === is a memory comparison in V8, far faster than startsWith.
    return text.length >= previous.length && text.slice(0, previous.length) === previous;
  }

  #reset() {
    this.#text = '';
    this.#groups = [];
    this.#blockCount = 0;
    this.#definers = [];
    this.#blockStart = 0;
    this.#scanned = 0;
    this.#fence = null;
    this.#htmlEnd = null;
    this.#hasContent = false;
    this.#afterBlank = false;
    this.#hasList = false;
  }

  #scanLine(start: number, newline: number) {
    const fence = this.#fence;
    // Most lines are prose: one that starts with a letter opens no fence, heading or list item
    // and is not blank, and after a blank line it always starts a new block.
    if (!fence && !this.#htmlEnd && isAsciiLetter(this.#text.charCodeAt(start))) {
      if (this.#hasContent && this.#afterBlank) this.#cut(start);
      this.#afterBlank = false;
      this.#hasContent = true;
      return;
    }
    const line = this.#text.slice(start, newline);
    if (this.#htmlEnd) {
      if (this.#htmlEnd.test(line)) this.#htmlEnd = null;
      return;
    }
    if (fence) {
      if (!closesFence(line, fence)) return;
      this.#fence = null;
      if (fence.topLevel) this.#cut(newline + 1);
      return;
    }
    if (isBlankLine(line)) {
      if (this.#hasContent) this.#afterBlank = true;
      return;
    }
    const opener = fenceOpener(line);
    const heading = isAtxHeading(line);
    const listItem = startsWithListMarker(line.trimStart());
    const afterBlankStarts = this.#afterBlank && this.#startsBlock(blockIndent(line), listItem);
    if (this.#hasContent && ((opener !== null && opener.indent === 0) || heading || afterBlankStarts)) this.#cut(start);
    this.#afterBlank = false;
    this.#hasContent = true;
    if (listItem && !opener) this.#hasList = true;
    if (opener) this.#fence = { ...opener, topLevel: opener.indent === 0 };
    else if (heading) this.#cut(newline + 1);
    else this.#htmlEnd = htmlBlockEnd(line);
  }

  /**
   * Whether a line after a blank line starts a new block, from its indentation and whether it is
   * a list marker. Without a list, any line indented less than code starts one (a paragraph led
   * by a space or three is still a new paragraph); in a list, an indented line may continue an
   * item and a marker may add one, so only an unindented non-item line does.
   */
  #startsBlock(indent: number, listItem: boolean): boolean {
    return this.#hasList ? indent === 0 && !listItem : indent <= MAX_BLOCK_INDENT;
  }

  /**
   * After a blank line, the first characters of the next line often settle the cut before the
   * line is complete ("T…" starts a paragraph); cutting then keeps the tail to the new block.
   * The cut is the one the complete line would give, so chunking still cannot change it.
   */
  #cutBeforePartialLine() {
    if (!this.#afterBlank || !this.#hasContent) return;
    const text = this.#text;
    const start = this.#scanned;
    let first = start;
    while (first < text.length && first - start <= MAX_BLOCK_INDENT && text.charCodeAt(first) === 0x20) first += 1;
    // Spaces alone may still become a blank line or code; a tab or CR leaves it open too.
    if (first === text.length) return;
    const code = text.charCodeAt(first);
    if (code === 0x20 || code === 0x09 || code === 0x0d) return;
    const indent = first - start;
    if (indent > MAX_BLOCK_INDENT) return;
    if (this.#hasList && (indent > 0 || !this.#surelyNotListMarker(start))) return;
    this.#cut(start);
  }

  /** Whether the partial line at `start` can no longer become a list marker. */
  #surelyNotListMarker(start: number): boolean {
    const text = this.#text;
    const first = text[start]!;
    let i = start;
    if (first === '-' || first === '*' || first === '+') i += 1;
    else {
      while (i < text.length && i - start < 10 && text.charCodeAt(i) >= 0x30 && text.charCodeAt(i) <= 0x39) i += 1;
      if (i === start) return true;
      if (i === text.length) return false;
      if (text[i] !== '.' && text[i] !== ')') return true;
      i += 1;
    }
    if (i === text.length) return false;
    const after = text[i];
    return after !== ' ' && after !== '\t' && after !== '\r' && after !== '\n';
  }

  /** Finishes the unfinished block at `end`. */
  #cut(end: number) {
    if (end <= this.#blockStart) return;
    const source = detach(this.#text.slice(this.#blockStart, end));
    const block: MarkdownBlock = { start: this.#blockStart, source, references: mayReference(source), definitions: mayDefine(source) };
    if (block.definitions) this.#definers = [...this.#definers, block];
    const last = this.#groups[this.#groups.length - 1];
    // The outer array is extended in place (copying it on every cut is quadratic in the block
    // count); only the last group gets a new array, which is what BlockGroup compares.
    if (!last || last.length >= this.#groupSize) this.#groups.push([block]);
    else this.#groups[this.#groups.length - 1] = [...last, block];
    this.#blockCount += 1;
    this.#blockStart = end;
    this.#hasContent = false;
    this.#afterBlank = false;
    this.#hasList = false;
  }
}

/** Every finished block in order (tests and tools; rendering walks the groups). */
export function blocksOf(split: BlockSplit): MarkdownBlock[] {
  return split.groups.flat();
}
