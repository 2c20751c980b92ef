/** Which saved prompts the `/` menu lists for what follows the slash, best first. */
import type { LibraryPrompt } from '../../../chat/types';

/** Case and accents aside: "resume" finds "Résumé". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const words = (text: string) => fold(text).split(/[^\p{L}\p{N}]+/u);

/** How well a prompt matches (lower is better), or undefined when it does not. */
function rank(prompt: LibraryPrompt, query: string): number | undefined {
  const name = fold(prompt.name);
  if (name.startsWith(query)) return 0;
  if (name.split(/\s+/).some((word) => word.startsWith(query))) return 1;
  if (name.includes(query)) return 2;
  if (words(prompt.body).some((word) => word.startsWith(query))) return 3;
  return undefined;
}

/** The prompts matching `query` (all of them for none): names starting with it first, then words, then anywhere in the name, then words of the text. */
export function filterPrompts(prompts: readonly LibraryPrompt[], query: string): LibraryPrompt[] {
  const wanted = fold(query.trim());
  if (wanted === '') return [...prompts];
  return prompts
    .map((prompt, index) => ({ prompt, index, rank: rank(prompt, wanted) }))
    .filter((entry): entry is { prompt: LibraryPrompt; index: number; rank: number } => entry.rank !== undefined)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.prompt);
}

/** The start of a text (a prompt's, a selection), on one line. */
export function bodyPreview(body: string, length = PREVIEW_CHARS): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > length ? `${line.slice(0, length - 1)}…` : line;
}
/** Enough to tell prompts apart; CSS cuts it further on a narrow screen. */
const PREVIEW_CHARS = 90;
