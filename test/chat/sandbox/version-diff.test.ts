import { describe, expect, it } from 'vitest';
import { MAX_DIFF_LINES, versionDiff, type DiffRow } from '../../../src/chat/sandbox/version-diff';

const side = (rows: DiffRow[], which: 'before' | 'after') =>
  rows.filter((r) => r.kind === 'same' || r.kind === (which === 'before' ? 'removed' : 'added')).map((r) => r.text);

describe('versionDiff', () => {
  it('marks the changed line removed then added, keeps the rest, and numbers each side', () => {
    const diff = versionDiff('<h1>Hi</h1>\n<button>+1</button>\n<p>end</p>\n', '<h1>Hi</h1>\n<button>+2</button>\n<p>end</p>');
    expect(diff.rows).toEqual([
      { kind: 'same', text: '<h1>Hi</h1>', before: 1, after: 1 },
      { kind: 'removed', text: '<button>+1</button>', before: 2, after: null },
      { kind: 'added', text: '<button>+2</button>', before: null, after: 2 },
      { kind: 'same', text: '<p>end</p>', before: 3, after: 3 },
    ]);
    expect([diff.added, diff.removed]).toEqual([1, 1]);
  });

  it('rebuilds both versions from its rows, whatever the edits', () => {
    const older = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const newer = ['x', 'a', 'c', 'd', 'y', 'y', 'g', 'z'];
    const diff = versionDiff(older.join('\n'), newer.join('\n'));
    expect(side(diff.rows, 'before')).toEqual(older);
    expect(side(diff.rows, 'after')).toEqual(newer);
    expect(diff.added + diff.removed).toBe(diff.rows.filter((r) => r.kind !== 'same').length);
  });

  it('handles an empty side and identical versions', () => {
    expect(versionDiff('', 'a\nb').rows.map((r) => r.kind)).toEqual(['added', 'added']);
    expect(versionDiff('a', '').rows.map((r) => r.kind)).toEqual(['removed']);
    expect(versionDiff('a\nb', 'a\nb')).toMatchObject({ added: 0, removed: 0 });
  });

  it('past the line limit, shows the older version removed and the newer added without comparing', () => {
    const big = Array.from({ length: MAX_DIFF_LINES + 1 }, (_, i) => `line ${i}`).join('\n');
    const diff = versionDiff(big, `${big}\nmore`);
    expect(diff.removed).toBe(MAX_DIFF_LINES + 1);
    expect(diff.added).toBe(MAX_DIFF_LINES + 2);
  });
});
