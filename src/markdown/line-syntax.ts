// Line-level facts about markdown that the block splitter and the pre-passes need before
// anything is lexed. Each answers for one line (no trailing newline) in constant or linear time.

/** A code fence: its character, how many of them opened it, and the opener's indentation. */
export interface Fence {
  readonly char: '`' | '~';
  readonly length: number;
  readonly indent: number;
}

/** CommonMark: a fence needs at least three backticks or tildes. */
export const MIN_FENCE_LENGTH = 3;
/** CommonMark: four spaces of indentation make indented code, so block syntax allows at most three. */
export const MAX_BLOCK_INDENT = 3;

const FENCE_OPENER = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSER = /^ {0,3}(`{3,}|~{3,})[ \t\r]*$/;
const BLANK = /^[ \t\r]*$/;
const LIST_MARKER = /^(?:[-*+]|\d{1,9}[.)])(?:[ \t\r]|$)/;
const ATX_HEADING = /^#{1,6}(?:[ \t\r]|$)/;

/** True for an empty line or one holding only spaces and tabs: it ends paragraphs. */
export function isBlankLine(line: string): boolean {
  return BLANK.test(line);
}

/** The fence this line opens, or null. A backtick fence's info string may not hold a backtick. */
export function fenceOpener(line: string): Fence | null {
  const match = FENCE_OPENER.exec(line);
  if (!match) return null;
  const run = match[2]!;
  const char = run[0] as '`' | '~';
  if (char === '`' && match[3]!.includes('`')) return null;
  return { char, length: run.length, indent: match[1]!.length };
}

/** Whether this line closes `fence`: the same character, at least as many, nothing after. */
export function closesFence(line: string, fence: Fence): boolean {
  const match = FENCE_CLOSER.exec(line);
  return !!match && match[1]![0] === fence.char && match[1]!.length >= fence.length;
}

/** A list item marker at column 0 (`- `, `* `, `+ `, `1. `, `1) `). */
export function startsWithListMarker(line: string): boolean {
  return LIST_MARKER.test(line);
}

/** An ATX heading at column 0 (`# Title`): always a block of its own. */
export function isAtxHeading(line: string): boolean {
  return ATX_HEADING.test(line);
}

/**
 * Columns of indentation before the line's first non-blank character, counted up to
 * MAX_BLOCK_INDENT + 1 (that many or more means indented code, or a list item's continuation).
 * A tab counts as reaching it: tab stops make it at least as deep as four spaces from column 0.
 */
export function blockIndent(line: string): number {
  let column = 0;
  while (column <= MAX_BLOCK_INDENT) {
    const code = line.charCodeAt(column);
    if (code === 0x09) return MAX_BLOCK_INDENT + 1;
    if (code !== 0x20) break;
    column += 1;
  }
  return column;
}
