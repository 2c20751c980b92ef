import { describe, expect, it } from 'vitest';
import { AVATAR_METRICS, AVATAR_SIZES, DEFAULT_AVATAR_SIZE } from '../../../src/ui/avatar/avatar-sizes';

describe('avatar size table (SPEC A5)', () => {
  it.each([
    ['3xs', 16, 8],
    ['2xs', 20, 10],
    ['xs', 24, 12],
    ['sm', 28, 14],
    ['md', 32, 16],
    ['lg', 36, 18],
    ['xl', 40, 20],
    ['2xl', 44, 22],
    ['3xl', 48, 24],
  ] as const)('%s is %ipx with a %ipx font', (size, px, fontPx) => {
    expect(AVATAR_METRICS[size]).toEqual({ px, fontPx });
  });

  it('lists the nine sizes smallest first and defaults to md', () => {
    expect(AVATAR_SIZES).toEqual(['3xs', '2xs', 'xs', 'sm', 'md', 'lg', 'xl', '2xl', '3xl']);
    expect(DEFAULT_AVATAR_SIZE).toBe('md');
  });
});
