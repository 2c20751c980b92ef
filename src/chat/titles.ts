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

/** A model's suggested title without the quotes, label or trailing period models like to add. */
export function cleanGeneratedTitle(text: string): string {
  const firstLine = text.split('\n').find((line) => line.trim() !== '') ?? '';
  const bare = firstLine
    .trim()
    .replace(/^(title)\s*:\s*/i, '')
    .replace(/^["'“”‘’*#\s]+|["'“”‘’*\s]+$/g, '')
    .replace(/\.$/, '');
  return clampTitle(bare);
}
