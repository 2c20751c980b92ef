// CommonMark's raw HTML blocks of kinds 1–5 run until an end marker, across blank lines: a
// `<pre>`, `<textarea>`, `<script>` or `<style>` element, a comment, a processing instruction, a
// declaration or CDATA. The block splitter must not cut inside one, or a blank line in a comment
// would show the rest of it as markdown. (Kinds 6 and 7 end at a blank line like a paragraph.)

/** The start of each kind, after up to three spaces, and the marker that ends it (on any line, the first one included). */
const KINDS: readonly (readonly [start: RegExp, end: RegExp])[] = [
  [/^ {0,3}<(?:pre|script|style|textarea)(?:[ \t>]|$)/i, /<\/(?:pre|script|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<![A-Za-z]/, />/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
];

/** The end marker of the HTML block `line` opens, or null when it opens none (or closes it on the same line). */
export function htmlBlockEnd(line: string): RegExp | null {
  if (!line.trimStart().startsWith('<')) return null;
  for (const [start, end] of KINDS) {
    const opened = start.exec(line);
    if (!opened) continue;
    // The end marker may follow the opener on its line (`<!-- note -->`), never overlap it (`<!-->` is kind 2's own quirk, handled by the lexer).
    return end.test(line.slice(opened[0].length)) ? null : end;
  }
  return null;
}
