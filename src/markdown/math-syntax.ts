import type { TokenizerExtension } from 'marked';

/** A formula found by the math extensions: TeX source, display or inline, and whether its closing delimiter has arrived. */
export interface MathToken {
  type: 'math';
  raw: string;
  text: string;
  display: boolean;
  complete: boolean;
}

/** Inline formulas longer than this are not math: bounds the search so many lone openers stay linear. */
export const MAX_INLINE_MATH_LENGTH = 2000;

const BLANK_LINE = /\n[ \t]*\n/;
/**
 * A formula has something besides backslashes and spaces: `\[\\\]` is three backslash escapes
 * (`[\]`) in markdown, and as TeX it would be an empty display with a line break.
 */
const FORMULA_CONTENT = /[^\\\s]/;
const DIGIT = /[0-9]/;
const SPACE = /\s/;

function mathToken(raw: string, text: string, display: boolean, complete: boolean): MathToken {
  return { type: 'math', raw, text: text.trim(), display, complete };
}

/**
 * `$…$` as Pandoc reads it, so prices stay prose: the opening `$` is followed by a non-space,
 * the closing one preceded by a non-space and not followed by a digit ("$5 and $10" is text).
 * An escaped `\$` never closes, a `$` after a space gives up (it starts the next amount), and
 * the formula stays on one line.
 */
function dollarInline(src: string): MathToken | undefined {
  if (src[0] !== '$' || src[1] === '$' || src.length < 3 || SPACE.test(src[1]!)) return undefined;
  const limit = Math.min(src.length, MAX_INLINE_MATH_LENGTH);
  for (let i = 1; i < limit; i += 1) {
    const char = src[i];
    if (char === '\\') i += 1;
    else if (char === '\n') return undefined;
    else if (char === '$') {
      // A `$` after a space cannot close; it most likely starts another amount ("$5 and $10").
      if (SPACE.test(src[i - 1]!)) return undefined;
      if (DIGIT.test(src[i + 1] ?? '')) continue;
      return mathToken(src.slice(0, i + 1), src.slice(1, i), false, true);
    }
  }
  return undefined;
}

/** A delimited formula at the start of `src` (`$$…$$`, `\(…\)`, `\[…\]`) that contains no blank line. */
function delimited(src: string, open: string, close: string, display: boolean): MathToken | undefined {
  if (!src.startsWith(open)) return undefined;
  const end = src.slice(0, MAX_INLINE_MATH_LENGTH).indexOf(close, open.length);
  if (end === -1) return undefined;
  const text = src.slice(open.length, end);
  if (!FORMULA_CONTENT.test(text) || BLANK_LINE.test(text)) return undefined;
  return mathToken(src.slice(0, end + close.length), text, display, true);
}

const BLOCK_OPENERS = [
  ['$$', '$$'],
  ['\\[', '\\]'],
] as const;
const BLOCK_START = /^ {0,3}(?:\$\$|\\\[)/;
/** A formula opener at the start of a later line (marked asks from the second character on). */
const BLOCK_START_LATER = /\n {0,3}(?:\$\$|\\\[)/;

/**
 * A display formula starting a block: `$$` or `\[` at the start of a line, up to the matching
 * closer followed only by spaces on its line. Blank lines end the search (TeX forbids them in
 * math, and it keeps the search within one paragraph). With `allowUnclosed` (the streaming end
 * of a reply) an opener without its closer yet is a formula still arriving.
 */
function blockMath(src: string, allowUnclosed: boolean): MathToken | undefined {
  const lead = BLOCK_START.exec(src);
  if (!lead) return undefined;
  const indent = lead[0].length - 2;
  const opener = BLOCK_OPENERS.find(([open]) => src.startsWith(open, indent))!;
  const [open, close] = opener;
  const bodyStart = indent + open.length;
  const blank = src.slice(bodyStart).search(BLANK_LINE);
  const searchEnd = blank === -1 ? src.length : bodyStart + blank;
  // Sliced first so a missing closer costs one paragraph, not the rest of the text.
  const end = src.slice(0, searchEnd).indexOf(close, bodyStart);
  if (end !== -1) {
    const lineEnd = src.indexOf('\n', end);
    const after = src.slice(end + close.length, lineEnd === -1 ? src.length : lineEnd);
    if (after.trim() !== '') return undefined;
    const text = src.slice(bodyStart, end);
    if (!FORMULA_CONTENT.test(text)) return undefined;
    const raw = src.slice(0, lineEnd === -1 ? src.length : lineEnd + 1);
    return mathToken(raw, text, true, true);
  }
  if (!allowUnclosed || blank !== -1) return undefined;
  return mathToken(src, src.slice(bodyStart), true, false);
}

/**
 * The first index where inline math could start, for marked's text tokenizer to stop at. The
 * backslash openers are looked for only before the first `$`: marked asks again from there, so
 * a line of thousands of `$` costs linear time, not a scan of the rest of the text per `$`.
 */
function inlineStart(src: string): number | undefined {
  const dollar = src.indexOf('$');
  const before = dollar === -1 ? src : src.slice(0, dollar);
  const parenthesis = before.indexOf('\\(');
  const bracket = before.indexOf('\\[');
  const backslash = parenthesis === -1 ? bracket : bracket === -1 ? parenthesis : Math.min(parenthesis, bracket);
  if (backslash !== -1) return backslash;
  return dollar === -1 ? undefined : dollar;
}

/**
 * marked extensions for `$…$`, `$$…$$`, `\(…\)` and `\[…\]`. They run before marked's own
 * tokenizers, so the TeX inside is protected from emphasis and escapes (`a_1*b_2` stays TeX).
 */
export function mathExtensions({ allowUnclosed }: { allowUnclosed: boolean }): TokenizerExtension[] {
  return [
    {
      name: 'blockMath',
      level: 'block',
      start(src) {
        // marked asks for every paragraph with all the text after it; a paragraph ends at a blank
        // line anyway, so looking further would make lexing a long reply quadratic.
        const blank = src.indexOf('\n\n');
        const match = BLOCK_START_LATER.exec(blank === -1 ? src : src.slice(0, blank + 1));
        return match ? match.index + 1 : undefined;
      },
      tokenizer: (src) => blockMath(src, allowUnclosed),
    },
    {
      name: 'inlineMath',
      level: 'inline',
      start: inlineStart,
      tokenizer: (src, tokens) =>
        delimited(src, '$$', '$$', true) ??
        dollarInline(src) ??
        // Right after a backslash escape (`\@\[`), `\[` is one more escaped character, not TeX.
        (tokens.at(-1)?.type === 'escape'
          ? undefined
          : delimited(src, '\\(', '\\)', false) ?? delimited(src, '\\[', '\\]', true)),
    },
  ];
}
