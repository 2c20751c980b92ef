import { normalizeForSearch } from '../search';

/**
 * The words a text is indexed under, and a query looked up by: folded exactly as the matcher
 * folds (case, accents, final sigma), cut at anything that is not a letter or a digit.
 */

const NOT_A_WORD = /[^\p{L}\p{N}]+/u;

export function searchTerms(text: string): string[] {
  return normalizeForSearch(text).split(NOT_A_WORD).filter((term) => term !== '');
}
