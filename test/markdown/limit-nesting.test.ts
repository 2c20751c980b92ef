import { describe, expect, it } from 'vitest';
import { limitNesting, MAX_INDENT_COLUMNS, MAX_NESTING_DEPTH } from '../../src/markdown';
import { limitLine } from '../../src/markdown/limit-nesting';

const FENCE = '```';

describe('limitLine bounds container markers and indentation', () => {
  it.each([
    ['quotes up to the limit stay', '>'.repeat(MAX_NESTING_DEPTH) + ' x', '>'.repeat(MAX_NESTING_DEPTH) + ' x'],
    ['the quote past the limit is escaped', '>'.repeat(MAX_NESTING_DEPTH + 5) + ' x', `${'>'.repeat(MAX_NESTING_DEPTH)}\\${'>'.repeat(5)} x`],
    ['spaced quotes count too', '> '.repeat(MAX_NESTING_DEPTH + 1) + 'x', `${'> '.repeat(MAX_NESTING_DEPTH)}\\> x`],
    ['bullets past the limit are escaped', '- '.repeat(MAX_NESTING_DEPTH + 1) + 'x', `${'- '.repeat(MAX_NESTING_DEPTH)}\\- x`],
    ['an ordered marker is escaped at its delimiter', '1. '.repeat(MAX_NESTING_DEPTH + 1) + 'x', `${'1. '.repeat(MAX_NESTING_DEPTH)}1\\. x`],
    ['mixed containers share one count', '> - '.repeat(11) + 'x', `${'> - '.repeat(10)}\\> - x`],
    ['deep indentation is cut back', ' '.repeat(200) + '- x', `${' '.repeat(MAX_INDENT_COLUMNS)}- x`],
    ['tabs count as four columns', '\t'.repeat(30) + 'x', `${' '.repeat(MAX_INDENT_COLUMNS)}x`],
    ['ordinary text is untouched', 'Hello - world > there', 'Hello - world > there'],
  ])('%s', (_, line, expected) => {
    expect(limitLine(line)).toBe(expected);
  });

  it('returns the very same string when nothing needed limiting', () => {
    const source = '> quote\n- item\n  - nested\n\ntext\n';
    expect(limitNesting(source)).toBe(source);
  });

  it('leaves fenced code alone', () => {
    const deep = '>'.repeat(MAX_NESTING_DEPTH + 5);
    const source = `${FENCE}\n${deep}\n${FENCE}\n${deep}`;
    expect(limitNesting(source)).toBe(`${FENCE}\n${deep}\n${FENCE}\n${limitLine(deep)}`);
  });
});
