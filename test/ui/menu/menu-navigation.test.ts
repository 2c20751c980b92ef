import { describe, expect, it } from 'vitest';
import { isTypeaheadKey, moveIndex, typeaheadIndex, type MenuNavigationKey } from '../../../src/ui/menu';

describe('moveIndex', () => {
  it.each<[MenuNavigationKey, number, number, number]>([
    ['ArrowDown', 0, 4, 1],
    ['ArrowDown', 3, 4, 0],
    ['ArrowUp', 1, 4, 0],
    ['ArrowUp', 0, 4, 3],
    ['Home', 2, 4, 0],
    ['End', 1, 4, 3],
    ['ArrowDown', -1, 4, 0],
    ['ArrowUp', -1, 4, 3],
    ['ArrowDown', 0, 1, 0],
    ['ArrowDown', 0, 0, -1],
    ['End', 0, 0, -1],
  ])('%s from %i of %i items → %i', (key, current, count, expected) => {
    expect(moveIndex(key, current, count)).toBe(expected);
  });
});

describe('typeaheadIndex', () => {
  const labels = ['Rename', 'Pin', 'Export', 'Duplicate', 'Delete', ' dim label'];

  it.each<[string, number, string, number]>([
    ['first match after the current item', 0, 'e', 2],
    ['case-insensitive', 0, 'E', 2],
    ['cycles through items sharing the letter', 3, 'd', 4],
    ['skips the current item, then wraps', 5, 'd', 3],
    ['wraps to the start', 5, 'r', 0],
    ['leading spaces are ignored', 4, 'D', 5],
    ['the current item is found last', 1, 'p', 1],
    ['no match', 0, 'z', -1],
    ['from no current item', -1, 'r', 0],
  ])('%s', (_name, current, char, expected) => {
    expect(typeaheadIndex(labels, current, char)).toBe(expected);
  });

  it('finds nothing in an empty menu', () => {
    expect(typeaheadIndex([], 0, 'a')).toBe(-1);
  });
});

describe('isTypeaheadKey', () => {
  const plain = { ctrlKey: false, metaKey: false, altKey: false };
  it.each<[string, Partial<typeof plain>, boolean]>([
    ['d', {}, true],
    ['É', {}, true],
    ['😀', {}, true],
    [' ', {}, false],
    ['Enter', {}, false],
    ['ArrowDown', {}, false],
    ['d', { ctrlKey: true }, false],
    ['d', { metaKey: true }, false],
    ['d', { altKey: true }, false],
  ])('%j with %o → %s', (key, modifiers, expected) => {
    expect(isTypeaheadKey({ key, ...plain, ...modifiers })).toBe(expected);
  });
});
