import { describe, expect, it } from 'vitest';
import { BlockSplitter, blocksOf, type BlockSplit } from '../../src/markdown';
import { REPLY_CORPUS } from './reply-corpus';
import { streamPrefixes } from './seeded-random';

const FENCE = '```';

/** Finished block sources, then the tail. */
function cut(text: string): string[] {
  const split = new BlockSplitter().split(text);
  return [...blocksOf(split).map((block) => block.source), `TAIL:${split.tail.source}`];
}

describe('BlockSplitter cuts only where nothing can continue', () => {
  it.each([
    ['two paragraphs: cut once the second line is complete', 'one\n\ntwo\n', ['one\n\n', 'TAIL:two\n']],
    ['a blank line alone decides nothing yet', 'one\n\n', ['TAIL:one\n\n']],
    ['the first character of the next line can settle it', 'one\n\ntw', ['one\n\n', 'TAIL:tw']],
    ['after a list, a partial line that may become an item waits', '- a\n\n-', ['TAIL:- a\n\n-']],
    ['after a list, an ordered number waits for its delimiter', '- a\n\n12', ['TAIL:- a\n\n12']],
    ['after a list, a line that cannot be an item cuts at once', '- a\n\n-x', ['- a\n\n', 'TAIL:-x']],
    ['a list after a paragraph starts a new block', 'para\n\n- b\n', ['para\n\n', 'TAIL:- b\n']],
    ['a list continues after a paragraph inside it', '- a\nlazy\n\n- b\n', ['TAIL:- a\nlazy\n\n- b\n']],
    ['a list continues across a blank line before another item', '- a\n\n- b\n', ['TAIL:- a\n\n- b\n']],
    ['an ordered list too', '1. a\n\n2. b\n', ['TAIL:1. a\n\n2. b\n']],
    ['an indented line continues a list item', '- a\n\n  more\n', ['TAIL:- a\n\n  more\n']],
    ['a paragraph after a list ends it', '- a\n\nafter\n', ['- a\n\n', 'TAIL:after\n']],
    ['a quote after a blank line is a new quote', '> a\n\n> b\n', ['> a\n\n', 'TAIL:> b\n']],
    ['blank lines inside a fence are code', `${FENCE}\na\n\nb\n`, [`TAIL:${FENCE}\na\n\nb\n`]],
    ['a closed column-0 fence ends its block at once', `${FENCE}js\nx\n${FENCE}\nafter`, [`${FENCE}js\nx\n${FENCE}\n`, 'TAIL:after']],
    ['a fence interrupts a paragraph', `text\n${FENCE}\nx\n`, ['text\n', `TAIL:${FENCE}\nx\n`]],
    ['a shorter run does not close a fence', `${'`'.repeat(4)}\n${FENCE}\n\nx\n`, [`TAIL:${'`'.repeat(4)}\n${FENCE}\n\nx\n`]],
    ['tildes close only tildes', `~~~\n${FENCE}\n\n~~~\nz\n`, [`~~~\n${FENCE}\n\n~~~\n`, 'TAIL:z\n']],
    ['an indented fence (inside a list item) does not cut when it closes', `- a\n  ${FENCE}\n  x\n\n  y\n  ${FENCE}\n- b\n`, [`TAIL:- a\n  ${FENCE}\n  x\n\n  y\n  ${FENCE}\n- b\n`]],
    ['a heading is a block of its own', 'text\n# Title\nmore\n', ['text\n', '# Title\n', 'TAIL:more\n']],
    ['`#tag` is not a heading', 'text\n#tag\n', ['TAIL:text\n#tag\n']],
    ['leading blank lines stay with the first block', '\n\nhello\n\nworld\n', ['\n\nhello\n\n', 'TAIL:world\n']],
    ['a paragraph led by a space starts a new block', 'one\n\n two\n', ['one\n\n', 'TAIL: two\n']],
    ['so does one led by three, settled by its first character', 'one\n\n   t', ['one\n\n', 'TAIL:   t']],
    ['spaces alone may still become a blank line or code', 'one\n\n   ', ['TAIL:one\n\n   ']],
    ['four spaces may continue indented code', '    a\n\n    b\n', ['TAIL:    a\n\n    b\n']],
    ['a partial line of four spaces waits too', '    a\n\n    b', ['TAIL:    a\n\n    b']],
    ['a tab is as deep as four spaces', '    a\n\n\tb\n', ['TAIL:    a\n\n\tb\n']],
    ['a line indented less than code ends indented code', '    a\n\n  b\n', ['    a\n\n', 'TAIL:  b\n']],
    ['in a list, a partial indented line may continue the item', '- a\n\n m', ['TAIL:- a\n\n m']],
    ['a list led by a space after a paragraph is a new block', 'para\n\n - b\n', ['para\n\n', 'TAIL: - b\n']],
    ['a table ends at a blank line', '| a |\n|---|\n| 1 |\n\nafter\n', ['| a |\n|---|\n| 1 |\n\n', 'TAIL:after\n']],
    // Raw HTML blocks that run to an end marker keep their blank lines, as CommonMark lexes them whole.
    ['a comment runs across blank lines', 'a\n\n<!-- x\n\n*y*\n\nz -->\n\nb\n', ['a\n\n', '<!-- x\n\n*y*\n\nz -->\n\n', 'TAIL:b\n']],
    ['so does a textarea', '<textarea>\n\n*foo*\n\n_bar_\n\n</textarea>\n', ['TAIL:<textarea>\n\n*foo*\n\n_bar_\n\n</textarea>\n']],
    ['and a pre, whatever the case', '<PRE>\nx\n\ny\n</pre>\n\nz\n', ['<PRE>\nx\n\ny\n</pre>\n\n', 'TAIL:z\n']],
    ['a comment closed on its line is over', '<!-- x -->\n\nb\n', ['<!-- x -->\n\n', 'TAIL:b\n']],
    ['a comment interrupting a paragraph', 'p\n<!--\n\nq -->\n', ['TAIL:p\n<!--\n\nq -->\n']],
    ['`<preview>` is no pre', '<preview>\n\nb\n', ['<preview>\n\n', 'TAIL:b\n']],
  ])('%s', (_, text, expected) => {
    expect(cut(text)).toEqual(expected);
  });

  it('keeps the text whole: blocks and tail concatenate back to it', () => {
    for (const reply of Object.values(REPLY_CORPUS)) {
      const split = new BlockSplitter().split(reply);
      expect(blocksOf(split).map((b) => b.source).join('') + split.tail.source).toBe(reply);
    }
  });

  it('groups finished blocks; a full group keeps its identity while later blocks arrive', () => {
    const splitter = new BlockSplitter(2);
    const first = splitter.split('a\n\nb\n\nc\n\nd\n');
    expect(first.groups.map((group) => group.map((b) => b.source))).toEqual([['a\n\n', 'b\n\n'], ['c\n\n']]);
    const second = splitter.split('a\n\nb\n\nc\n\nd\n\ne\n');
    expect(second.groups[0]).toBe(first.groups[0]);
    expect(second.groups[1]!.map((b) => b.source)).toEqual(['c\n\n', 'd\n\n']);
  });

  it('starts over when the text is not an extension of the last one', () => {
    const splitter = new BlockSplitter();
    splitter.split('one\n\ntwo\n\nthree\n');
    const split = splitter.split('uno\n\ndos\n');
    expect([...blocksOf(split).map((b) => b.source), split.tail.source]).toEqual(['uno\n\n', 'dos\n']);
  });

  it('notes which blocks define or use reference links', () => {
    // `[d](not a link)` is the reference `[d]` then text: any `]` may close a reference.
    const split = new BlockSplitter().split('See [docs][d].\n\n[d]: https://example.com\n\nsee [d](not a link)\n\nplain text\n\nend\n');
    expect(blocksOf(split).map((b) => [b.references, b.definitions])).toEqual([
      [true, false],
      [true, true],
      [true, false],
      [false, false],
    ]);
    expect(split.definers.map((b) => b.source)).toEqual(['[d]: https://example.com\n\n']);
  });
});

describe('BlockSplitter is independent of how the text arrives', () => {
  const summary = (split: BlockSplit) => [...blocksOf(split).map((b) => `${b.start}:${b.source}`), `tail ${split.tail.start}`];

  it.each(Object.keys(REPLY_CORPUS))('%s: any chunking gives the blocks of the whole text', (name) => {
    const reply = REPLY_CORPUS[name]!;
    const whole = summary(new BlockSplitter().split(reply));
    for (let seed = 1; seed <= 25; seed += 1) {
      const splitter = new BlockSplitter(3);
      let last: BlockSplit | undefined;
      for (const prefix of streamPrefixes(reply, seed)) last = splitter.split(prefix);
      expect(summary(last!)).toEqual(whole);
    }
  });

  it('scans only the new text: a long reply streamed 4 characters at a time stays fast', () => {
    const reply = Object.values(REPLY_CORPUS).join('\n\n').repeat(20);
    const splitter = new BlockSplitter();
    const started = performance.now();
    for (let end = 4; end < reply.length; end += 4) splitter.split(reply.slice(0, end));
    // Rescanning from the start on each step would take tens of seconds at this size.
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
