/**
 * A message's Markdown placed under the export's turn headings: its own headings move down so a
 * reply's `# Title` reads as part of the turn (`###` under `## Assistant`), not as a new chapter.
 * Code (fenced or indented) is left exactly as written.
 */

/** Markdown has six heading levels; deeper ones are kept at the sixth. */
export const DEEPEST_HEADING = 6;

/** A line opening or closing a fenced code block, with the fence's characters. */
export const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** An ATX heading: up to three spaces, one to six `#`, then a space or the line's end. */
const ATX = /^( {0,3})(#{1,6})(?=[ \t]|$)/;
/** A setext underline: `===` (level 1) or `---` (level 2) under a paragraph's line. */
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
/** A line that cannot be a setext heading's text: indented code, a table row or HTML. */
const NOT_PARAGRAPH = /^( {4}|\t| {0,3}[|<])/;
/** A list item or a quote: the lines after it, up to a blank one, belong to it, never to a heading. */
const CONTAINER = /^ {0,3}([-+*]|\d{1,9}[.)]|>)([ \t]|$)/;
const BLANK = /^\s*$/;

const hashes = (level: number) => '#'.repeat(Math.min(DEEPEST_HEADING, level));

/** The text with every heading `by` levels deeper (capped at the sixth); setext headings become ATX ones. */
export function shiftHeadings(text: string, by: number): string {
  const lines = text.split('\n');
  const out: string[] = [];
  let fence: string | undefined;
  /** Where the paragraph the line before belongs to starts in `out` (a setext underline may follow it). */
  let paragraph: number | undefined;
  let inContainer = false;
  for (const line of lines) {
    const marker = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      out.push(line);
      continue;
    }
    if (marker) {
      fence = marker;
      paragraph = undefined;
      out.push(line);
      continue;
    }
    const atx = ATX.exec(line);
    if (atx) {
      out.push(`${atx[1]}${hashes(atx[2]!.length + by)}${line.slice(atx[0].length)}`);
      paragraph = undefined;
      continue;
    }
    const underline = SETEXT.exec(line)?.[1];
    if (underline && paragraph !== undefined) {
      const title = out.splice(paragraph).map((part) => part.trim()).join(' ');
      out.push(`${hashes((underline[0] === '=' ? 1 : 2) + by)} ${title}`);
      paragraph = undefined;
      continue;
    }
    if (BLANK.test(line)) inContainer = false;
    else if (CONTAINER.test(line)) inContainer = true;
    if (inContainer || BLANK.test(line) || NOT_PARAGRAPH.test(line)) paragraph = undefined;
    else paragraph ??= out.length;
    out.push(line);
  }
  return out.join('\n');
}
