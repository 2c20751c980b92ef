import { describe, expect, it } from 'vitest';
import { limitDelimiters, MAX_EMPHASIS_DEPTH } from '../../src/markdown';

const FENCE = '```';

/** Unescaped `*` runs that open emphasis (after a space or at the start, before a letter). */
const openers = (text: string) => [...text.matchAll(/(?<=^|\s)(?<!\\)\*+(?=\w)/g)].map((m) => m[0].length).reduce((a, b) => a + b, 0);

describe('limitDelimiters bounds how deep emphasis can nest', () => {
  it('returns the very same string for ordinary text', () => {
    const text = 'Some **bold**, *italic*, ~~gone~~ and `code` text.';
    expect(limitDelimiters(text)).toBe(text);
  });

  it('escapes openers beyond the limit', () => {
    const text = '*a '.repeat(100) + 'b' + ' a*'.repeat(100);
    expect(openers(limitDelimiters(text))).toBe(MAX_EMPHASIS_DEPTH);
  });

  it('escapes a long run of asterisks that would nest thousands deep', () => {
    const text = `${'*'.repeat(3000)}a${'*'.repeat(3000)}`;
    const limited = limitDelimiters(text);
    expect(limited.startsWith('\\*\\*\\*')).toBe(true);
  });

  it('counts depth per paragraph: a blank line starts over', () => {
    const paragraph = '*a '.repeat(MAX_EMPHASIS_DEPTH);
    const text = `${paragraph}\n\n${paragraph}`;
    expect(limitDelimiters(text)).toBe(text);
  });

  it.each([
    ['code spans', '`*args` '.repeat(50)],
    ['fenced code', `${FENCE}\n${'*a '.repeat(50)}\n${FENCE}`],
    ['escaped asterisks', '\\*a '.repeat(50)],
    ['intraword underscores', 'snake_case_name '.repeat(50)],
  ])('never touches %s', (_, text) => {
    expect(limitDelimiters(text)).toBe(text);
  });
});
