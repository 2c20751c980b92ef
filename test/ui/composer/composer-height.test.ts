import { describe, expect, it } from 'vitest';
import {
  COMPOSER_MAX_LINES,
  COMPOSER_MAX_VIEWPORT_FRACTION,
  composerHeight,
  type ComposerHeight,
  type ComposerMetrics,
} from '../../../src/ui/composer';

// 24 px lines and 8 px padding top and bottom: one line is 40 px, twelve lines 304 px.
const base: ComposerMetrics = { scrollHeight: 40, lineHeight: 24, paddingBlock: 16, borderBlock: 0, viewportHeight: 1000 };

describe('composerHeight', () => {
  it('caps at 12 lines and 40% of the viewport', () => {
    expect(COMPOSER_MAX_LINES).toBe(12);
    expect(COMPOSER_MAX_VIEWPORT_FRACTION).toBe(0.4);
  });

  it.each<[string, Partial<ComposerMetrics>, ComposerHeight]>([
    ['one line', {}, { height: 40, overflowing: false }],
    ['empty content still gets one line', { scrollHeight: 0 }, { height: 40, overflowing: false }],
    ['three lines grow the box', { scrollHeight: 88 }, { height: 88, overflowing: false }],
    ['exactly twelve lines, no scrolling yet', { scrollHeight: 304 }, { height: 304, overflowing: false }],
    ['thirteen lines: capped at twelve, scrolls', { scrollHeight: 328 }, { height: 304, overflowing: true }],
    ['short viewport: capped at 40% of it', { scrollHeight: 328, viewportHeight: 500 }, { height: 200, overflowing: true }],
    ['fractional cap rounds down', { scrollHeight: 328, viewportHeight: 501 }, { height: 200, overflowing: true }],
    ['fractional content rounds up', { scrollHeight: 87.2 }, { height: 88, overflowing: false }],
    ['borders count into the border-box height', { scrollHeight: 88, borderBlock: 2 }, { height: 90, overflowing: false }],
    ['borders count into the cap', { scrollHeight: 400, borderBlock: 2 }, { height: 306, overflowing: true }],
    ['tiny viewport: never less than one line', { scrollHeight: 88, viewportHeight: 50 }, { height: 40, overflowing: true }],
  ])('%s', (_name, overrides, expected) => {
    expect(composerHeight({ ...base, ...overrides })).toEqual(expected);
  });
});
