/** How many words of the alt text contribute a character, and so the most characters shown (SPEC A5). */
export const MAX_INITIALS = 2;

// Words are separated by any run of whitespace, so "  Ann   Lee " still reads as two words.
const WORD_SEPARATOR = /\s+/;

let segmenter: Intl.Segmenter | null | undefined;

/** One shared grapheme segmenter, or null where the runtime has none (older Safari, some test hosts). */
function graphemeSegmenter(): Intl.Segmenter | null {
  if (segmenter === undefined) {
    segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;
  }
  return segmenter;
}

/**
 * The first user-perceived character of a word. Graphemes keep flags, skin tones and ZWJ
 * sequences whole; without Intl.Segmenter we fall back to code points, which at least never
 * splits a surrogate pair.
 */
export function firstCharacter(word: string): string {
  const graphemes = graphemeSegmenter();
  if (graphemes) {
    for (const { segment } of graphemes.segment(word)) return segment;
    return '';
  }
  return Array.from(word)[0] ?? '';
}

/**
 * The avatar's fallback initials from its alt text: the first character of each of the first
 * two words, case kept ("Benjamin Canac" → "BC", "john doe" → "jd", "Ann" → "A").
 */
export function initialsOf(alt: string | null | undefined): string {
  if (!alt) return '';
  return alt
    .split(WORD_SEPARATOR)
    .filter((word) => word !== '')
    .slice(0, MAX_INITIALS)
    .map(firstCharacter)
    .join('');
}

/** Forgets the cached segmenter so tests can swap `Intl.Segmenter` out and back. */
export function resetInitialsForTests() {
  segmenter = undefined;
}
