import { describe, expect, it } from 'vitest';
import { iconKey, parseIconName } from '../../../src/ui/icon/icon-name';

describe('parseIconName', () => {
  it.each([
    ['lucide:x', { prefix: 'lucide', name: 'x' }],
    ['lucide:chevron-down', { prefix: 'lucide', name: 'chevron-down' }],
    ['lucide-chevron-down', { prefix: 'lucide', name: 'chevron-down' }],
    ['lucide-x', { prefix: 'lucide', name: 'x' }],
    ['mdi:home-outline', { prefix: 'mdi', name: 'home-outline' }],
    ['fa6-solid:house', { prefix: 'fa6-solid', name: 'house' }],
    // With a dash only, the text before the first dash is the prefix.
    ['fa6-solid-house', { prefix: 'fa6', name: 'solid-house' }],
    ['lucide:heading-1', { prefix: 'lucide', name: 'heading-1' }],
    ['lucide:arrow-down-0-1', { prefix: 'lucide', name: 'arrow-down-0-1' }],
  ])('%s → %o', (value, expected) => {
    expect(parseIconName(value)).toEqual(expected);
  });

  it.each([
    [''],
    ['lucide'],
    ['lucide:'],
    [':x'],
    ['lucide-'],
    ['-x'],
    ['Lucide:x'],
    ['lucide:X'],
    ['lucide:chevron--down'],
    ['lucide:chevron-down-'],
    ['lucide:-chevron'],
    ['lucide:a:b'],
    ['lucide:chevron_down'],
    ['lucide: x'],
    ['lucide:x?icons=evil'],
    ['../lucide:x'],
  ])('%j is not an icon name', (value) => {
    expect(parseIconName(value)).toBeNull();
  });

  it('spells both forms the same canonical way', () => {
    const dash = parseIconName('lucide-chevron-down');
    const colon = parseIconName('lucide:chevron-down');
    expect(dash && iconKey(dash)).toBe('lucide:chevron-down');
    expect(colon && iconKey(colon)).toBe('lucide:chevron-down');
  });
});
