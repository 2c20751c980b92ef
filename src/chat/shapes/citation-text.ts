// A title, quote or query from a provider or a search result as plain one-line words (issue 37): its own
// file, so a page part that shows one such text does not bring the whole citation cleaner along.

/**
 * Controls and the bidirectional overrides and isolates (U+202A–202E, U+2066–2069), the marks
 * (U+200E, U+200F, U+061C), and the zero-width and line separators: a title can neither hide its
 * own text, reverse what follows it, nor break a line.
 */
// eslint-disable-next-line no-control-regex
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

/** Text of a title or quote as plain words: hidden characters out, spaces squeezed, cut at `max`. */
export function plainCitationText(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.replace(HIDDEN, ' ').replace(/\s+/g, ' ').trim();
  if (text === '') return undefined;
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
