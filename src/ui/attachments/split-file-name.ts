/**
 * A long file name is cut in the middle, not at the end: "quarterly-report-…-final.pdf" keeps
 * the part people tell files apart by (the ending and the extension). JS only decides where the
 * tail starts; CSS ellipsizes the head to whatever width there is.
 */

/** Characters kept whole before the extension, so "…draft-3.pdf" and "…draft-4.pdf" differ on screen. */
export const NAME_TAIL_CHARS = 6;
/** Extensions longer than this are not extensions ("notes.about-the-meeting"): keep only the tail. */
const MAX_EXTENSION_CHARS = 8;

export interface NameParts {
  /** Shrinks with an ellipsis. */
  head: string;
  /** Always shown whole. */
  tail: string;
}

export function splitFileName(name: string): NameParts {
  const chars = Array.from(name);
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? Array.from(name.slice(dot)).length : 0;
  const kept = NAME_TAIL_CHARS + (extension <= MAX_EXTENSION_CHARS + 1 ? extension : 0);
  // Short names are not split: one piece ellipsizes as a whole only if it really must.
  if (chars.length <= kept * 2) return { head: name, tail: '' };
  return { head: chars.slice(0, -kept).join(''), tail: chars.slice(-kept).join('') };
}
