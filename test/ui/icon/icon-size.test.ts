import { describe, expect, it } from 'vitest';
import { iconDimensions, scaleSize } from '../../../src/ui/icon/icon-size';

describe('scaleSize', () => {
  it.each<[string | number, number, string | number]>([
    ['1em', 1, '1em'],
    ['1em', 0.5, '0.5em'],
    ['1em', 2 / 3, '0.667em'],
    ['1.5rem', 2, '3rem'],
    ['.5em', 2, '1em'],
    ['24px', 1.5, '36px'],
    ['24', 0.5, '12'],
    [24, 0.5, 12],
    [20, 1 / 3, 6.667],
    ['var(--icon-size)', 0.5, 'calc(var(--icon-size) * 0.5)'],
  ])('%j × %d → %j', (size, factor, expected) => {
    expect(scaleSize(size, factor)).toBe(expected);
  });
});

describe('iconDimensions', () => {
  it.each<[string | number, number, number, { width: string | number; height: string | number }]>([
    ['1em', 24, 24, { width: '1em', height: '1em' }],
    ['1em', 16, 24, { width: '0.667em', height: '1em' }],
    ['1em', 24, 16, { width: '1.5em', height: '1em' }],
    [32, 48, 24, { width: 64, height: 32 }],
  ])('%j high, view box %d × %d → %o', (size, w, h, expected) => {
    expect(iconDimensions(size, w, h)).toEqual(expected);
  });
});
