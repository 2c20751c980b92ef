// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { autoTitle, cleanGeneratedTitle, TITLE_MAX_CHARS } from '../../../src/chat/shapes/titles';

describe('autoTitle', () => {
  it.each([
    ['How do I boil an egg?', 'How do I boil an egg?'],
    ['\n\n  First line  \nsecond line', 'First line'],
    ['tabs\tand   spaces', 'tabs and spaces'],
    [
      'Explain the difference between a process and a thread in operating systems, with examples',
      'Explain the difference between a process and a thread in…',
    ],
    ['x'.repeat(100), `${'x'.repeat(TITLE_MAX_CHARS - 1)}…`],
  ])('%j → %j', (text, expected) => {
    const title = autoTitle(text);
    expect(title).toBe(expected);
    expect([...title].length).toBeLessThanOrEqual(TITLE_MAX_CHARS);
  });
});

describe('cleanGeneratedTitle', () => {
  it.each([
    ['"Boiling Eggs"', 'Boiling Eggs'],
    ["'Boiling Eggs'", 'Boiling Eggs'],
    ['“Boiling Eggs”', 'Boiling Eggs'],
    ['‘Boiling Eggs’', 'Boiling Eggs'],
    ['«Les œufs»', 'Les œufs'],
    ['Title: Boiling Eggs.', 'Boiling Eggs'],
    ['TITLE:Boiling Eggs', 'Boiling Eggs'],
    ['title : “Boiling Eggs”', 'Boiling Eggs'],
    ['“Title: Boiling Eggs”', 'Boiling Eggs'],
    ['**Title:** Boiling Eggs', 'Boiling Eggs'],
    ['**Boiling Eggs**\nHere is why…', 'Boiling Eggs'],
    ['\n\n  Boiling *soft* eggs  \nsecond line', 'Boiling soft eggs'],
    ['__Quick__ _pasta_ ~~sauce~~', 'Quick pasta sauce'],
    ['# Rust my_var_name tips', 'Rust my_var_name tips'],
    ['Don’t panic', 'Don’t panic'],
    ['  ', ''],
    [
      '"Title: A very long suggested title that keeps going well past what fits in the sidebar row"',
      'A very long suggested title that keeps going well past…',
    ],
  ])('%j → %j', (text, expected) => {
    const title = cleanGeneratedTitle(text);
    expect(title).toBe(expected);
    expect([...title].length).toBeLessThanOrEqual(TITLE_MAX_CHARS);
  });
});
