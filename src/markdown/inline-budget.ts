import type { Links, Token } from 'marked';
import type { PlainTextToken } from './lex-block';
import { lexBlock } from './lex-block';
import { closesFence, fenceOpener, isBlankLine, type Fence } from './line-syntax';

/**
 * Syntax characters one inline run (a paragraph, a list item's or a table row's text) may hold
 * before the block is shown as plain text. marked matches emphasis, links and math by scanning
 * ahead from each opener, so a run of thousands of `_a` or `**a**` costs quadratic time: 2,000
 * keeps the worst run to a few milliseconds, while prose never comes close.
 */
export const MAX_INLINE_SYNTAX = 2000;

/**
 * A block longer than this is shown as plain text whatever it holds (a fenced code block aside):
 * marked lexes about 7 MB a second, so a larger block could not be lexed within one task of the
 * 100 ms a page may freeze for. No reply a person reads has a 256 KB paragraph, list or table.
 */
export const MAX_LEXED_BLOCK_CHARS = 256 * 1024;

/** A line that starts its own inline run: a table row, a list item, a heading or a quote. */
const RUN_START = /^[ \t]*(?:\||[-*+][ \t]|\d{1,9}[.)][ \t]|#{1,6}[ \t]|>)/;

function isInlineSyntax(code: number): boolean {
  // * _ ~ [ ] ( ) ` $ < > \ ! &
  return code === 0x2a || code === 0x5f || code === 0x7e || code === 0x5b || code === 0x5d || code === 0x28 || code === 0x29 ||
    code === 0x60 || code === 0x24 || code === 0x3c || code === 0x3e || code === 0x5c || code === 0x21 || code === 0x26;
}

function syntaxIn(line: string): number {
  let count = 0;
  for (let i = 0; i < line.length; i += 1) if (isInlineSyntax(line.charCodeAt(i))) count += 1;
  return count;
}

/** Whether some inline run of `source` (outside fenced code) holds more than MAX_INLINE_SYNTAX syntax characters. Linear time. */
export function exceedsInlineBudget(source: string): boolean {
  if (source.length <= MAX_INLINE_SYNTAX) return false;
  if (source.length > MAX_LEXED_BLOCK_CHARS) {
    const newline = source.indexOf('\n');
    if (!fenceOpener(newline === -1 ? source : source.slice(0, newline))) return true;
  }
  let fence: Fence | null = null;
  let run = 0;
  let lineStart = 0;
  while (lineStart <= source.length) {
    const newline = source.indexOf('\n', lineStart);
    const line = source.slice(lineStart, newline === -1 ? source.length : newline);
    if (fence) {
      if (closesFence(line, fence)) fence = null;
    } else if ((fence = fenceOpener(line))) {
      run = 0;
    } else if (isBlankLine(line)) {
      run = 0;
    } else {
      if (RUN_START.test(line)) run = 0;
      run += syntaxIn(line);
      if (run > MAX_INLINE_SYNTAX) return true;
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  return false;
}

/**
 * A block's tokens, or its source as plain text when one of its inline runs is past the budget:
 * a hostile or broken reply then costs time linear in its size (and it is stored, so it would
 * freeze the tab again each time the chat opens).
 */
export function lexWithinBudget(source: string, streaming: boolean, links: Links): Token[] {
  if (!exceedsInlineBudget(source)) return lexBlock(source, streaming, links);
  const plain: PlainTextToken = { type: 'plainText', raw: source, text: source.replace(/\n+$/, '') };
  return [plain as unknown as Token];
}
