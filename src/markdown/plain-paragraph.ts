import type { Links, Token, TokensList } from 'marked';

// Most blocks of a reply are a paragraph of plain prose. Lexing one with marked means trying
// every block rule and then scanning it with the inline rules, character class by character
// class; that is most of the cost of rendering a long reply. A block that holds no character
// any markdown construct could start with is recognised here in one pass instead, and given
// exactly the tokens marked gives it (test/markdown/plain-paragraph.test.ts checks that against
// marked on generated blocks). Anything less certain goes to marked.

/**
 * Characters (and pairs) that may begin inline or block syntax: escapes, code, emphasis, strike,
 * links and images, HTML and autolinks, entities, math, tables, headings, setext underlines,
 * list markers, GFM's bare-URL and e-mail autolinks, a citation mark (citation-syntax.ts); a tab
 * (indentation), a CR (line ends), and a space before a line end (a hard break, or trailing space
 * that marked keeps its own way).
 */
const SYNTAX = /[\\`*_~[\]!<>&$|#=+@\t\r\uE000]| \n|:\/\/|www\./i;
/**
 * A line that starts as prose: up to three spaces, then a letter, a digit that is not an
 * ordered-list marker, a quote or a parenthesis. (No block starts with any of those.)
 */
const PROSE_LINE_START = /^ {0,3}(?!\d{1,9}[.)])[\p{L}\p{N}"'(“‘]/u;
/** Enough of a line to decide PROSE_LINE_START: three spaces, nine digits and a delimiter. */
const LINE_START_CHARS = 16;

/** The tokens of `source` if it is a single plain paragraph (with optional trailing newlines), else null. */
export function plainParagraph(source: string, links: Links): TokensList | null {
  let end = source.length;
  while (end > 0 && source.charCodeAt(end - 1) === 0x0a) end -= 1;
  if (end === 0 || source.charCodeAt(end - 1) === 0x20) return null;
  const text = end === source.length ? source : source.slice(0, end);
  if (SYNTAX.test(text) || !PROSE_LINE_START.test(text)) return null;
  // Every later line must start as prose too; a blank one (two paragraphs) does not.
  for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', newline + 1)) {
    if (!PROSE_LINE_START.test(text.slice(newline + 1, newline + 1 + LINE_START_CHARS))) return null;
  }
  const newlines = source.length - end;
  const paragraph: Token = {
    type: 'paragraph',
    // marked keeps a single line end with the paragraph, and gives two or more a space token.
    raw: newlines === 1 ? source : text,
    text,
    tokens: [{ type: 'text', raw: text, text, escaped: false }],
  };
  const tokens: Token[] = newlines > 1 ? [paragraph, { type: 'space', raw: source.slice(end) }] : [paragraph];
  return Object.assign(tokens, { links: { ...links } });
}
