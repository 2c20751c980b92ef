// The difference between two versions of an artifact, line by line, as rows a panel shows.
import { diffLines } from 'diff';

export type DiffRowKind = 'same' | 'added' | 'removed';

/** One line of the difference, with its number in the older and the newer version (null where it has none). */
export interface DiffRow {
  kind: DiffRowKind;
  text: string;
  before: number | null;
  after: number | null;
}

export interface VersionDiff {
  rows: DiffRow[];
  added: number;
  removed: number;
}

/**
 * Past this many lines on either side the difference is not worked out line by line (the work grows
 * with the product of the changes, on the main thread): the older version is shown removed and the
 * newer added. Artifacts are pages and components, far below it.
 */
export const MAX_DIFF_LINES = 5000;

const linesOf = (text: string) => {
  const lines = text.split(/\r\n|\n|\r/);
  // A last line break ends the last line; it does not start an empty one.
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return text === '' ? [] : lines;
};

function wholeReplacement(before: string[], after: string[]): VersionDiff {
  const rows: DiffRow[] = [
    ...before.map((text, i): DiffRow => ({ kind: 'removed', text, before: i + 1, after: null })),
    ...after.map((text, i): DiffRow => ({ kind: 'added', text, before: null, after: i + 1 })),
  ];
  return { rows, added: after.length, removed: before.length };
}

/** The rows that turn `older` into `newer`: unchanged lines, removed ones before the added ones that replace them. */
export function versionDiff(older: string, newer: string): VersionDiff {
  const before = linesOf(older);
  const after = linesOf(newer);
  if (before.length > MAX_DIFF_LINES || after.length > MAX_DIFF_LINES) return wholeReplacement(before, after);
  // Compare whole lines, each with a line break, so a last line without one still equals itself.
  const changes = diffLines(before.map((l) => `${l}\n`).join(''), after.map((l) => `${l}\n`).join(''));
  const rows: DiffRow[] = [];
  let b = 0;
  let a = 0;
  let added = 0;
  let removed = 0;
  for (const change of changes) {
    const lines = linesOf(change.value);
    for (const text of lines) {
      if (change.added) {
        rows.push({ kind: 'added', text, before: null, after: ++a });
        added += 1;
      } else if (change.removed) {
        rows.push({ kind: 'removed', text, before: ++b, after: null });
        removed += 1;
      } else {
        rows.push({ kind: 'same', text, before: ++b, after: ++a });
      }
    }
  }
  return { rows, added, removed };
}
