import { describe, expect, it } from 'vitest';
import { progressValue } from '../../../src/ui/progress/progress-value';

describe('progressValue (SPEC A6)', () => {
  it.each([
    // value, max, clamped value, percent, state
    [-10, undefined, 0, 0, 'loading'],
    [0, undefined, 0, 0, 'loading'],
    [40, undefined, 40, 40, 'loading'],
    [99.5, undefined, 99.5, 99.5, 'loading'],
    [100, undefined, 100, 100, 'complete'],
    [150, undefined, 100, 100, 'complete'],
    [Infinity, undefined, 100, 100, 'complete'],
    [-Infinity, undefined, 0, 0, 'loading'],
    [3, 5, 3, 60, 'loading'],
    [5, 5, 5, 100, 'complete'],
    [7, 5, 5, 100, 'complete'],
    [-1, 5, 0, 0, 'loading'],
    [0.5, 2, 0.5, 25, 'loading'],
  ] as const)('%s of max %s → value %s, %s%%, %s', (value, max, clamped, percent, state) => {
    expect(progressValue(value, max)).toEqual({ value: clamped, max: max ?? 100, percent, state });
  });

  it.each([
    [null, 100],
    [undefined, 100],
    [Number.NaN, 100],
    [null, 5],
  ])('%s (max %s) is indeterminate', (value, max) => {
    expect(progressValue(value, max)).toEqual({ value: null, max, percent: null, state: 'indeterminate' });
  });

  it.each([0, -5, Number.NaN, Infinity, null, undefined])('an unusable max (%s) falls back to 100', (max) => {
    expect(progressValue(40, max)).toEqual({ value: 40, max: 100, percent: 40, state: 'loading' });
    expect(progressValue(250, max)).toEqual({ value: 100, max: 100, percent: 100, state: 'complete' });
  });
});
