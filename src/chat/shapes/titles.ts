/** Chat titles: an automatic one from the first message until a better one exists. */

/** Longest automatic or generated title, in characters: what fits a sidebar row. */
export const TITLE_MAX_CHARS = 60;
/** What an emptied title becomes unless the store is given the user's language's word. */
export const DEFAULT_UNTITLED_TITLE = 'Untitled';

/** One line, at most TITLE_MAX_CHARS, cut at a word when the word boundary is near the end. */
export function clampTitle(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  if (chars.length <= TITLE_MAX_CHARS) return line;
  const cut = chars.slice(0, TITLE_MAX_CHARS - 1).join('');
  const space = cut.lastIndexOf(' ');
  // Cutting at a space only when it keeps most of the text; one long word is cut mid-word.
  const head = space >= TITLE_MAX_CHARS / 2 ? cut.slice(0, space) : cut;
  return `${head.trimEnd()}…`;
}

/** The title of a new chat: the first non-empty line of its first message. */
export function autoTitle(text: string): string {
  const firstLine = text.split('\n').find((line) => line.trim() !== '') ?? '';
  return clampTitle(firstLine);
}

/** A label some models put first ("Title: …", "**Title:** …"). */
const TITLE_LABEL = /^title\s*:\s*/i;
/** Quotes (straight, curly, guillemets) and stray emphasis marks around the whole title. */
const EDGE_MARKS = /^["'“”‘’«»*_~\s]+|["'“”‘’«»*_~\s]+$/g;
/** **strong**, *em*, ~~strike~~: the marks go, the words stay. */
const STAR_EMPHASIS = /(\*\*|\*|~~)(?=\S)(.+?)(?<=\S)\1/g;
/** __strong__, _em_: only between non-word characters, so snake_case names survive. */
const UNDERSCORE_EMPHASIS = /(^|\W)(__|_)(?=\S)(.+?)(?<=\S)\2(?!\w)/g;

/**
 * A model's suggested title, cleaned: its first non-empty line, without a heading mark, a
 * "Title:" label, surrounding quotes, markdown emphasis or a final period; clamped like any title.
 */
export function cleanGeneratedTitle(text: string): string {
  const firstLine = text.split('\n').find((line) => line.trim() !== '') ?? '';
  let title = firstLine
    .trim()
    .replace(/^#+\s*/, '')
    .replace(STAR_EMPHASIS, '$2')
    .replace(UNDERSCORE_EMPHASIS, '$1$3');
  // Labels and quotes nest either way round ("Title: “X”", “Title: X”): peel until nothing changes.
  for (let before = ''; before !== title; ) {
    before = title;
    title = title.replace(EDGE_MARKS, '').replace(TITLE_LABEL, '');
  }
  return clampTitle(title.replace(/\.$/, ''));
}
