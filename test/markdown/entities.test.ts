import { describe, expect, it } from 'vitest';
import { decodeEntities } from '../../src/markdown';
import { loadFullEntities, needsFullEntities, resetFullEntities } from '../../src/markdown/entities';

describe('decodeEntities', () => {
  it.each([
    ['AT&amp;T', 'AT&T'],
    ['&lt;b&gt;', '<b>'],
    ['&copy; 2024 &mdash; caf&eacute;', '© 2024 — café'],
    ['&#169; &#xA9; &#X1F600;', '© © 😀'],
    ['&#0; &#xD800; &#x110000;', '\ufffd \ufffd \ufffd'],
    ['&unknown; & alone &amp', '&unknown; & alone &amp'],
    // HTML5's whole table, including two-character values.
    ['&Dcaron; &HilbertSpace; &DifferentialD; &ClockwiseContourIntegral; &ngE;', 'Ď ℋ ⅆ ∲ ≧̸'],
    // Names of an object's own machinery are no references.
    ['&constructor; &toString; &__proto__;', '&constructor; &toString; &__proto__;'],
    ['no references', 'no references'],
  ])('%s → %s', async (text, expected) => {
    await loadFullEntities();
    expect(decodeEntities(text)).toBe(expected);
  });

  it('knows the common names at once and loads the rest only when a text needs them', async () => {
    resetFullEntities();
    expect(needsFullEntities('&copy; &amp; &#169;')).toBe(false);
    expect(needsFullEntities('&Dcaron;')).toBe(true);
    expect(decodeEntities('&copy; &Dcaron;')).toBe('© &Dcaron;');
    await loadFullEntities();
    expect(needsFullEntities('&Dcaron;')).toBe(false);
    expect(decodeEntities('&copy; &Dcaron;')).toBe('© Ď');
  });
});
