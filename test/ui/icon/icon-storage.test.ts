import { afterEach, describe, expect, it } from 'vitest';
import { resolveIcon, type IconSet } from '../../../src/ui/icon/icon-data';
import {
  addIconSet,
  getIcon,
  isIconMissing,
  markIconsMissing,
  resetIconStorage,
} from '../../../src/ui/icon/icon-storage';

const set: IconSet = {
  prefix: 'test',
  width: 24,
  height: 24,
  icons: {
    arrow: { body: '<path d="M0 0"/>' },
    wide: { body: '<rect/>', width: 48, left: 2 },
  },
  aliases: {
    'arrow-right': { parent: 'arrow', rotate: 1 },
    'arrow-down': { parent: 'arrow-right', rotate: 1, hFlip: true },
    'arrow-wide': { parent: 'arrow', width: 32 },
    orphan: { parent: 'nowhere' },
    loop: { parent: 'loop' },
  },
  not_found: ['ghost'],
};

afterEach(() => resetIconStorage());

describe('resolveIcon', () => {
  it.each([
    ['arrow', { body: '<path d="M0 0"/>', left: 0, top: 0, width: 24, height: 24, rotate: 0, hFlip: false, vFlip: false }],
    ['wide', { body: '<rect/>', left: 2, top: 0, width: 48, height: 24, rotate: 0, hFlip: false, vFlip: false }],
    ['arrow-right', { body: '<path d="M0 0"/>', left: 0, top: 0, width: 24, height: 24, rotate: 1, hFlip: false, vFlip: false }],
    ['arrow-down', { body: '<path d="M0 0"/>', left: 0, top: 0, width: 24, height: 24, rotate: 2, hFlip: true, vFlip: false }],
    ['arrow-wide', { body: '<path d="M0 0"/>', left: 0, top: 0, width: 32, height: 24, rotate: 0, hFlip: false, vFlip: false }],
    ['orphan', undefined],
    ['loop', undefined],
    ['absent', undefined],
    ['toString', undefined],
  ])('%s', (name, expected) => {
    expect(resolveIcon(set, name)).toEqual(expected);
  });

  it('defaults to a 16 × 16 view box when neither icon nor set gives one', () => {
    expect(resolveIcon({ prefix: 'p', icons: { a: { body: '' } } }, 'a')).toMatchObject({ width: 16, height: 16 });
  });
});

describe('icon storage', () => {
  it('stores icons and aliases and remembers names reported missing', () => {
    expect(addIconSet(set).sort()).toEqual(['arrow', 'arrow-down', 'arrow-right', 'arrow-wide', 'wide']);
    expect(getIcon('test', 'arrow-down')?.rotate).toBe(2);
    expect(getIcon('test', 'orphan')).toBeUndefined();
    expect(isIconMissing('test', 'ghost')).toBe(true);
    expect(isIconMissing('test', 'arrow')).toBe(false);
  });

  it('returns the same object for the same icon until it is replaced', () => {
    addIconSet(set);
    expect(getIcon('test', 'arrow')).toBe(getIcon('test', 'arrow'));
  });

  it('never marks a stored icon missing, and un-marks a missing icon once it arrives', () => {
    addIconSet(set);
    markIconsMissing('test', ['arrow', 'later']);
    expect(isIconMissing('test', 'arrow')).toBe(false);
    expect(isIconMissing('test', 'later')).toBe(true);
    addIconSet({ prefix: 'test', icons: { later: { body: '' } } });
    expect(isIconMissing('test', 'later')).toBe(false);
    expect(getIcon('test', 'later')).toBeDefined();
  });

  it('forgets added icons on reset', () => {
    addIconSet(set);
    markIconsMissing('test', ['later']);
    resetIconStorage();
    expect(getIcon('test', 'arrow')).toBeUndefined();
    expect(isIconMissing('test', 'later')).toBe(false);
  });
});
