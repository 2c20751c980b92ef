import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ICON_HOST,
  MAX_ICON_URL_LENGTH,
  buildIconUrl,
  buildIconUrls,
  splitIconNames,
} from '../../../src/ui/icon/icon-request';

describe('buildIconUrls', () => {
  it.each([
    [DEFAULT_ICON_HOST, 'lucide', ['x'], ['https://api.iconify.design/lucide.json?icons=x']],
    [DEFAULT_ICON_HOST, 'lucide', ['x', 'check', 'x', 'arrow-up'], ['https://api.iconify.design/lucide.json?icons=arrow-up,check,x']],
    ['https://icons.example.com/', 'mdi', ['home', 'account'], ['https://icons.example.com/mdi.json?icons=account,home']],
    ['http://localhost:3000/api', 'mdi', ['b', 'a', 'b'], ['http://localhost:3000/api/mdi.json?icons=a,b']],
  ])('%s %s %j → %j', (host, prefix, names, expected) => {
    expect(buildIconUrls(host, prefix, names)).toEqual(expected);
  });

  it('keeps the names as given in a single URL (the caller has sorted them)', () => {
    expect(buildIconUrl(DEFAULT_ICON_HOST, 'lucide', ['b', 'a'])).toBe('https://api.iconify.design/lucide.json?icons=b,a');
  });
});

describe('splitIconNames', () => {
  // 120 distinct names of 20–30 characters: several thousand characters in all.
  const names = Array.from({ length: 120 }, (_, i) => `icon-${String(i).padStart(3, '0')}-${'long-name'.repeat(1 + (i % 3))}`.slice(0, 30));
  const shuffled = [...names].reverse().concat(names.slice(0, 10));

  it('keeps every URL within the limit and asks for each name exactly once, in order', () => {
    const urls = buildIconUrls(DEFAULT_ICON_HOST, 'lucide', shuffled);
    expect(urls.length).toBeGreaterThan(1);
    for (const url of urls) expect(url.length).toBeLessThanOrEqual(MAX_ICON_URL_LENGTH);
    const asked = urls.flatMap((url) => new URL(url).searchParams.get('icons')!.split(','));
    expect(asked).toEqual([...names].sort());
  });

  it('fills each URL as far as the limit allows', () => {
    const groups = splitIconNames(DEFAULT_ICON_HOST, 'lucide', names);
    for (const [i, group] of groups.entries()) {
      const next = groups[i + 1]?.[0];
      if (next) expect(buildIconUrl(DEFAULT_ICON_HOST, 'lucide', [...group, next]).length).toBeGreaterThan(MAX_ICON_URL_LENGTH);
    }
  });

  it.each([
    // "https://h.io/p.json?icons=" is 26 characters; "aaaa,bbbb" makes 35.
    [['aaaa', 'bbbb'], 35, [['aaaa', 'bbbb']]],
    [['aaaa', 'bbbb'], 34, [['aaaa'], ['bbbb']]],
    [['aaaa', 'bbbb', 'cc'], 38, [['aaaa', 'bbbb', 'cc']]],
    [['aaaa', 'bbbb', 'cc'], 37, [['aaaa', 'bbbb'], ['cc']]],
    // A name that cannot fit even alone still gets its own request.
    [['much-too-long-for-the-limit', 'a'], 30, [['a'], ['much-too-long-for-the-limit']]],
    [[], 500, []],
  ])('%j within %i characters → %j', (input, limit, expected) => {
    expect(splitIconNames('https://h.io', 'p', input, limit)).toEqual(expected);
  });
});
