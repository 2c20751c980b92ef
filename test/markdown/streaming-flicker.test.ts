import { describe, expect, it } from 'vitest';
import { closeStreamingTail } from '../../src/markdown';
import { MAX_HELD_CHARS } from '../../src/markdown/close-streaming-tail';

const FENCE = '```';

// Each case is a moment of a stream whose raw rendering would show text that later changes.
describe('closeStreamingTail holds back what would flicker', () => {
  it.each([
    ['a fence whose language is being typed', `Intro\n${FENCE}ty`, 'Intro'],
    ['a fence with its language complete but no line end yet', `Intro\n${FENCE}ts`, 'Intro'],
    ['a tilde fence being typed', 'Intro\n~~~py', 'Intro'],
    ['a closing fence arriving inside code', `${FENCE}js\nlet a;\n${'``'}`, `${FENCE}js\nlet a;`],
    ['a lone dash under a nested list paragraph', '1. one\n   - two\n     more\n     -', '1. one\n   - two\n     more'],
    ['a lone dash indented by a tab', '- one\n\t-', '- one'],
    ['an unclosed inline formula', 'so $x + y', 'so '],
    ['an unclosed formula after a closed one', 'so $a$ and $b', 'so $a$ and '],
    ['a half-typed autolink', 'see <https://exa', 'see '],
    ['a half-typed scheme', 'see <htt', 'see '],
    ['an e-mail autolink', 'mail <me@exa', 'mail '],
  ])('%s', (_, tail, expected) => {
    expect(closeStreamingTail(tail)).toBe(expected);
  });

  it.each([
    ['a price', 'costs $5 and more', 'costs $5 and more'],
    ['a dollar before a space', 'a $ sign', 'a $ sign'],
    ['a formula closed', 'so $x$ done', 'so $x$ done'],
    ['a dollar inside code', 'run `echo $HOME', 'run `echo $HOME`'],
    ['a comparison', 'if a < b', 'if a < b'],
    ['a closed autolink', 'see <https://example.com>', 'see <https://example.com>'],
    ['a line of code that is not a fence', `${FENCE}\na = 1\nb`, `${FENCE}\na = 1\nb`],
  ])('leaves %s alone', (_, tail, expected) => {
    expect(closeStreamingTail(tail)).toBe(expected);
  });

  it('lets an unclosed dollar go once it runs past the hold limit (it was text after all)', () => {
    const long = `so $x ${'y'.repeat(MAX_HELD_CHARS)}`;
    expect(closeStreamingTail(long)).toBe(long);
  });
});
