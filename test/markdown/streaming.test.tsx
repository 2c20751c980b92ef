import { render } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { Markdown } from '../../src/markdown';
import { MarkdownBlock } from '../../src/markdown/markdown-block';
import { loadFullEntities } from '../../src/markdown/entities';
import { giveDocumentADoctype, normalisedHtml, settle } from './render-helpers';
import { REPLY_CORPUS } from './reply-corpus';
import { streamPrefixes } from './seeded-random';

const NAMES = Object.keys(REPLY_CORPUS);
/** Chunkings per reply: each seed gives different chunk sizes (1–20 characters). */
const SEEDS = [11, 29, 47];

beforeAll(async () => {
  giveDocumentADoctype();
  // The first dynamic import of a module is slow under vitest; load them once up front so that
  // settle() reliably sees highlighting and formulas arrive.
  // The full entity table too: under load it could arrive between the whole render and the streamed
  // one, so one showed `caf&eacute;` and the other `café` (seen in a full run on a busy machine).
  await Promise.all([import('../../src/markdown/highlighter'), import('../../src/markdown/katex-render'), loadFullEntities()]);
});

async function renderWhole(text: string, streaming: boolean): Promise<string> {
  const view = render(<Markdown text={text} streaming={streaming} />);
  await settle();
  const html = normalisedHtml(view.container);
  view.unmount();
  return html;
}

describe('streaming gives the same result as the whole text', () => {
  it(`the corpus has at least 8 realistic replies`, () => {
    expect(NAMES.length).toBeGreaterThanOrEqual(8);
  });

  it.each(NAMES)('%s: streamed in random chunks, the final DOM equals rendering the whole text', async (name) => {
    const reply = REPLY_CORPUS[name]!;
    const expectedFinished = await renderWhole(reply, false);
    const expectedStreaming = await renderWhole(reply, true);
    for (const seed of SEEDS) {
      const view = render(<Markdown text="" streaming />);
      for (const prefix of streamPrefixes(reply, seed)) view.rerender(<Markdown text={prefix} streaming />);
      await settle();
      // Still streaming at the very end: the same tidied tail as the whole text gets.
      expect(normalisedHtml(view.container)).toBe(expectedStreaming);
      view.rerender(<Markdown text={reply} streaming={false} />);
      await settle();
      expect(normalisedHtml(view.container)).toBe(expectedFinished);
      view.unmount();
    }
  });

  it.each(NAMES)('%s: cutting into blocks renders exactly what lexing the whole text at once renders', async (name) => {
    const reply = REPLY_CORPUS[name]!;
    const split = render(<Markdown text={reply} />);
    // Inside a reply's root, as in the thread: a code block's Copy name counts the blocks before it.
    const whole = render(
      <div className="markdown">
        <MarkdownBlock source={reply} streaming={false} />
      </div>,
    );
    await settle();
    // Blocks are spread over groups; compare the blocks' own markup.
    const blocksOf = (root: Element) => [...root.querySelectorAll('.markdown__group > *')].map(normalisedHtml).join('');
    expect(blocksOf(split.container)).toBe([...whole.container.firstElementChild!.children].map(normalisedHtml).join(''));
  });
});

describe('unfinished constructs at the streaming end', () => {
  const FENCE = '```';
  const renderStreaming = (text: string, streaming = true) => render(<Markdown text={text} streaming={streaming} />).container;

  it('shows half-typed bold as bold, without its asterisks', () => {
    const root = renderStreaming('Here is **very imp');
    expect(root.querySelector('strong')!.textContent).toBe('very imp');
    expect(root.textContent).toBe('Here is very imp');
  });

  it('shows a half-typed code span as code', () => {
    expect(renderStreaming('Run `npm inst').querySelector('p > code')!.textContent).toBe('npm inst');
  });

  it('shows a link being typed as its text until the destination is complete', () => {
    const root = renderStreaming('See [the docs](https://exam');
    expect(root.querySelector('a')).toBeNull();
    expect(root.textContent).toBe('See the docs');
  });

  it('does not flash a heading when a list starts under a paragraph', () => {
    const root = renderStreaming('Steps:\n-');
    expect(root.querySelector('h1, h2')).toBeNull();
    expect(root.textContent).toBe('Steps:');
  });

  it('renders an unclosed fence as a code block already', () => {
    const root = renderStreaming(`Code:\n\n${FENCE}python\ndef f():\n    return`);
    const block = root.querySelector('.markdown__code')!;
    expect(block.getAttribute('data-state')).toBe('streaming');
    expect(block.querySelector('.markdown__code-language')!.textContent).toBe('python');
    expect(block.querySelector('pre code')!.textContent).toBe('def f():\n    return');
  });

  it('renders a table as soon as its delimiter row starts, and its rows as they arrive', () => {
    const root = renderStreaming('| Name | Size |\n|--');
    expect([...root.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Name', 'Size']);
    const growing = renderStreaming('| Name | Size |\n|---|---|\n| a | 1 |\n| b');
    expect([...growing.querySelectorAll('tbody tr')].map((tr) => tr.textContent)).toEqual(['a1', 'b']);
  });

  it('holds back a lone table header rather than showing its pipes', () => {
    expect(renderStreaming('Compare:\n\n| Name | Size |').textContent).not.toContain('|');
  });

  it('grows a list item by item', () => {
    const root = renderStreaming('- one\n- two\n- thr');
    expect([...root.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['one', 'two', 'thr']);
  });

  it('shows a display formula still arriving as its source', () => {
    const source = renderStreaming('$$\n\\int_0^1 f(x)\\,dx').querySelector('.markdown__math-source')!;
    expect([source.textContent, source.getAttribute('data-state')]).toEqual(['\\int_0^1 f(x)\\,dx', 'streaming']);
  });

  it('once the stream has ended, unfinished syntax is shown as written', () => {
    const root = renderStreaming('Here is **very imp', false);
    expect(root.querySelector('strong')).toBeNull();
    expect(root.textContent).toBe('Here is **very imp');
  });
});

describe('reference links defined after the block that uses them', () => {
  it.each([
    ['a list item', '- see [the docs][docs]\n- and more\n\nText.\n\n[docs]: https://example.com/docs\n'],
    ['a table cell', '| name | link |\n|---|---|\n| a | [the docs][docs] |\n\nText.\n\n[docs]: https://example.com/docs\n'],
    ['a quote', '> see [the docs]\n\nText.\n\n[the docs]: https://example.com/docs\n'],
  ])('in %s, become links when streamed, as when rendered whole', async (_, reply) => {
    const whole = render(<Markdown text={reply} />);
    expect(whole.getByRole('link', { name: 'the docs' }).getAttribute('href')).toBe('https://example.com/docs');
    const streamed = render(<Markdown text="" streaming />);
    for (let end = 1; end <= reply.length; end += 1) streamed.rerender(<Markdown text={reply.slice(0, end)} streaming />);
    streamed.rerender(<Markdown text={reply} streaming={false} />);
    await settle();
    expect(normalisedHtml(streamed.container)).toBe(normalisedHtml(whole.container));
    whole.unmount();
    streamed.unmount();
  });
});

describe('raw HTML blocks with blank lines inside', () => {
  it.each([
    ['a comment', 'Before.\n\n<!-- a note\n\n*not emphasis*\n\n- not a list -->\n\nAfter.\n'],
    ['a textarea', '<textarea>\n\n*foo*\n\n_bar_\n\n</textarea>\n\nAfter.\n'],
    ['a pre', 'Before.\n<pre>\nx\n\n  # not a heading\n</pre>\n\nAfter.\n'],
  ])('%s shows the same text cut into blocks as lexed whole', (_, reply) => {
    const split = render(<Markdown text={reply} />);
    const whole = render(<MarkdownBlock source={reply} streaming={false} />);
    const blocksOf = (root: Element) => [...root.querySelectorAll('.markdown__group > *')].map(normalisedHtml).join('');
    expect(blocksOf(split.container)).toBe([...whole.container.children].map(normalisedHtml).join(''));
    expect(split.container.querySelector('em, li, h1')).toBeNull();
  });
});
