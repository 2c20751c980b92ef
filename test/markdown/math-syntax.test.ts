import type { Token } from 'marked';
import { describe, expect, it } from 'vitest';
import { lexBlock, type MathToken } from '../../src/markdown';

/** The formulas marked finds in `source`, as [TeX, display]. */
function formulas(source: string, streaming = false): [string, boolean, boolean][] {
  const found: [string, boolean, boolean][] = [];
  const walk = (tokens: readonly Token[]) => {
    for (const token of tokens) {
      if (token.type === 'math') {
        const math = token as unknown as MathToken;
        found.push([math.text, math.display, math.complete]);
      }
      if ('tokens' in token && token.tokens) walk(token.tokens as Token[]);
      if (token.type === 'list') walk((token as { items: Token[] }).items);
    }
  };
  walk(lexBlock(source, streaming));
  return found;
}

describe('math extensions', () => {
  it.each([
    ['inline dollars', 'so $x^2$ grows', [['x^2', false, true]]],
    ['inline parentheses', 'so \\(a_1*b_2\\) holds', [['a_1*b_2', false, true]]],
    ['double dollars inside a paragraph are display math', 'then $$e^{i\\pi}$$ ok', [['e^{i\\pi}', true, true]]],
    ['brackets are display math', 'then \\[x\\] ok', [['x', true, true]]],
    ['a $$ block', '$$\nx = 1\n$$\n', [['x = 1', true, true]]],
    ['a \\[ block', '\\[\nx = 1\n\\]\n', [['x = 1', true, true]]],
    ['prices are not math', 'it costs $5 and $10', []],
    ['a price then a formula', 'pay $5, then solve $x$', [['x', false, true]]],
    ['no space after the opening $', 'a $ x$ b', []],
    ['no space before the closing $', 'a $x $ b', []],
    ['no digit right after the closing $', 'a $x$5 b', []],
    ['an escaped dollar is text', 'a \\$x$ b', []],
    ['code is not math', 'a `$x$` b', []],
    ['a blank line ends a block formula', '$$\nx\n\ny\n$$\n', []],
    ['TeX is protected from emphasis', '$a*b*c$', [['a*b*c', false, true]]],
    // CommonMark's backslash escapes: `\[\\\]` is `[\]`, whether in a run or alone on its line.
    ['escaped brackets in a run of escapes are text', '\\@\\[\\\\\\]\\^', []],
    ['a line of escaped brackets around a backslash is text', '\\[\\\\\\]\n', []],
    ['brackets right after an escape are escapes', 'a \\*\\[x\\] b', []],
    ['a display formula of only a line break is no formula', '\\[ \\\\ \\]', []],
  ])('%s', (_, source, expected) => {
    expect(formulas(source)).toEqual(expected);
  });

  it('an unclosed block formula at the streaming end is a formula still arriving', () => {
    expect(formulas('$$\n\\int_0^1', true)).toEqual([['\\int_0^1', true, false]]);
    expect(formulas('$$\n\\int_0^1', false)).toEqual([]);
  });
});
