// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createSearchMatcher, normalizeForSearch, SNIPPET_CONTEXT_CHARS } from '../../../src/chat/search/search';

describe('normalizeForSearch', () => {
  it.each([
    ['Café', 'cafe'],
    ['CAFE\u0301', 'cafe'],
    ['Ærø Ångström', 'ærø angstrom'],
    ['Crème Brûlée', 'creme brulee'],
    ['İstanbul', 'istanbul'],
    ['ΟΔΟΣ', 'οδοσ'],
    ['οδός', 'οδοσ'],
    ['two  spaces\nand\ttabs', 'two spaces and tabs'],
    ['Ünïcödé', 'unicode'],
    ['日本語', '日本語'],
  ])('%j → %j', (text, expected) => {
    expect(normalizeForSearch(text)).toBe(expected);
  });
});

describe('createSearchMatcher', () => {
  it.each(['', '   ', '\n'])('has nothing to search for in %j', (query) => {
    expect(createSearchMatcher(query)).toBeUndefined();
  });

  it.each([
    ['cafe', 'We met at the Café de Flore', true],
    ['CAFÉ', 'the cafe downstairs', true],
    ['hello world', 'Hello\n\nworld', true],
    ['brulee', 'crème brûlée', true],
    ['tea', 'coffee only', false],
    ['cafe', 'plain ascii text', false],
  ])('%j in %j: %s', (query, text, expected) => {
    expect(createSearchMatcher(query)!.matches(text)).toBe(expected);
  });
});

describe('snippets', () => {
  const snippet = (query: string, text: string) => createSearchMatcher(query)!.snippet(text);

  it('keeps the hit as written, with the text around it', () => {
    expect(snippet('cafe', 'We met at the Café de Flore')).toEqual({ before: 'We met at the ', match: 'Café', after: ' de Flore' });
  });

  it('keeps a combining accent with the last matched letter', () => {
    expect(snippet('cafe', 'a cafe\u0301 here')).toEqual({ before: 'a ', match: 'cafe\u0301', after: ' here' });
  });

  it('puts a multi-line hit on one line', () => {
    expect(snippet('hello world', 'say Hello\n\n  world now')).toEqual({ before: 'say ', match: 'Hello world', after: ' now' });
  });

  it('cuts long context at words, marking the cuts', () => {
    const words = (from: number, count: number) => Array.from({ length: count }, (_, i) => `word${from + i}`).join(' ');
    const text = `${words(0, 30)} NEEDLE ${words(30, 30)}`;
    const result = snippet('needle', text)!;
    expect(result.match).toBe('NEEDLE');
    expect(result.before.startsWith('…word')).toBe(true);
    expect(result.after.endsWith('…')).toBe(true);
    expect(result.before.length).toBeLessThanOrEqual(SNIPPET_CONTEXT_CHARS + 1);
    expect(result.after.length).toBeLessThanOrEqual(SNIPPET_CONTEXT_CHARS + 1);
    // Whole words only: the text after the ellipsis starts a word that is in the text.
    expect(text).toContain(`${result.before.slice(1)}NEEDLE${result.after.slice(0, -1)}`);
  });

  it('finds the first hit', () => {
    expect(snippet('ab', 'xx ab yy AB')).toEqual({ before: 'xx ', match: 'ab', after: ' yy AB' });
  });

  it('does not split an emoji at a cut', () => {
    const text = `${'😀'.repeat(40)}needle`;
    const { before } = snippet('needle', text)!;
    expect(before.startsWith('…')).toBe(true);
    expect(/^…(😀)+$/u.test(before)).toBe(true);
  });

  it('costs a scan, not a square, in a huge message (800 KB took 49 s before)', () => {
    const text = `${'Ångström word '.repeat(60_000)}needle ${'tail '.repeat(10_000)}`;
    const started = performance.now();
    const result = snippet('needle', text)!;
    // Linear work is a few tens of ms here; the quadratic version took most of a minute.
    expect(performance.now() - started).toBeLessThan(2000);
    expect(result.match).toBe('needle');
    expect(result.before.startsWith('…')).toBe(true);
    expect(result.before.length).toBeLessThanOrEqual(SNIPPET_CONTEXT_CHARS + 1);
    expect(result.after.length).toBeLessThanOrEqual(SNIPPET_CONTEXT_CHARS + 1);
  });

  it('is undefined when the text does not match', () => {
    expect(snippet('zzz', 'nothing here')).toBeUndefined();
  });
});
