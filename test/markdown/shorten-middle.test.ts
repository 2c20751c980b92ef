import { describe, expect, it } from 'vitest';
import { SHORTENED_MAX_CHARS, shortenMiddle } from '../../src/markdown/shorten-middle';

describe('shortenMiddle', () => {
  it.each([
    ['short', 10, 'short'],
    ['exactly10!', 10, 'exactly10!'],
    ['abcdefghijklmnopqrstuvwxyz', 10, 'abcdef…xyz'],
    ['abcdefghijklmnopqrstuvwxyz', 2, 'a…'],
    ['abcdefghijklmnopqrstuvwxyz', 1, '…'],
    ['😀😀😀😀😀😀😀😀😀😀😀😀', 6, '😀😀😀…😀😀'],
  ])('%j at %i → %j', (text, max, expected) => {
    expect(shortenMiddle(text, max)).toBe(expected);
    expect(Array.from(shortenMiddle(text, max)).length).toBeLessThanOrEqual(max);
  });

  it('keeps the host and the end of a long URL, where a leaked query sits', () => {
    const url = `https://collector.example/pixel.png?padding=${'x'.repeat(200)}&secret=hunter2`;
    const shown = shortenMiddle(url);
    expect(Array.from(shown)).toHaveLength(SHORTENED_MAX_CHARS);
    expect(shown.startsWith('https://collector.example/pixel.png?')).toBe(true);
    expect(shown.endsWith('&secret=hunter2')).toBe(true);
    expect(shown).toContain('…');
  });
});
