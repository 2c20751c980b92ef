import type { Root } from 'hast';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { t } from '../../src/i18n';
import { COPY_FEEDBACK_MS, Markdown, resetMarkdown, setHighlighterLoader, type Highlighter } from '../../src/markdown';
import { settle } from './render-helpers';

const FENCE = '```';
const CODE = 'const answer = 42;\nconsole.log(answer);';
const BLOCK = `${FENCE}ts\n${CODE}\n${FENCE}\n`;

/** A highlighter that marks every line as a keyword span, and records what it was asked. */
function fakeHighlighter(calls: [string, string][]): Highlighter {
  return {
    highlight(code, grammar): Root {
      calls.push([code, grammar]);
      return {
        type: 'root',
        children: [{ type: 'element', tagName: 'span', properties: { className: ['hljs-keyword'] }, children: [{ type: 'text', value: code }] }],
      };
    },
    registeredGrammars: () => [],
    resetGrammars: () => {},
  };
}

afterEach(() => {
  resetMarkdown();
});

describe('code block controls', () => {
  let writeText: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });

  it('shows the language and a Copy button that copies the code and says so for a while', async () => {
    vi.useFakeTimers();
    try {
      render(<Markdown text={BLOCK} />);
      expect(screen.getByText('ts').className).toBe('markdown__code-language');
      const copy = screen.getByRole('button', { name: 'Copy ts code' });
      await act(async () => {
        fireEvent.click(copy);
      });
      expect(writeText).toHaveBeenCalledWith(CODE);
      expect(copy.textContent).toBe(t('markdown.code.copied'));
      expect(copy.dataset.state).toBe('copied');
      expect(screen.getByRole('status').textContent).toBe(t('markdown.code.copied'));
      act(() => {
        vi.advanceTimersByTime(COPY_FEEDBACK_MS);
      });
      expect(copy.textContent).toBe(t('markdown.code.copy'));
      expect(copy.dataset.state).toBe('idle');
      // Named by what it copies again: "Copy ts code", not one of several plain "Copy" buttons.
      expect(copy.getAttribute('aria-label')).toBe('Copy ts code');
    } finally {
      vi.useRealTimers();
    }
  });

  it('names each Copy button of a reply apart: by its language, and by its number from the second block on', () => {
    const text = [BLOCK, `${FENCE}\nplain\n${FENCE}`, BLOCK, '    indented', `${FENCE}js\nx\n${FENCE}`].join('\n');
    const { container } = render(<Markdown text={text} />);
    const names = screen.getAllByRole('button', { name: /^Copy/ }).map((button) => button.getAttribute('aria-label'));
    expect(names).toEqual(['Copy ts code', 'Copy code block 2', 'Copy ts code, block 3', 'Copy code block 4', 'Copy js code, block 5']);
    // Code reads left to right whatever the reply's direction.
    expect([...container.querySelectorAll('.markdown__code')].every((block) => block.getAttribute('dir') === 'ltr')).toBe(true);
  });

  it('a lone block without a language keeps the plain name', () => {
    render(<Markdown text={`${FENCE}\nplain\n${FENCE}`} />);
    expect(screen.getByRole('button', { name: t('markdown.code.copyName') })).toBeTruthy();
  });

  it('reports a failed copy', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    render(<Markdown text={BLOCK} />);
    const copy = screen.getByRole('button', { name: 'Copy ts code' });
    await act(async () => {
      fireEvent.click(copy);
    });
    expect(copy.dataset.state).toBe('failed');
    expect(copy.textContent).toBe(t('markdown.code.copyFailed'));
  });

  it('copies what has arrived so far while the block streams', async () => {
    render(<Markdown text={`${FENCE}ts\nconst a`} streaming />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy ts code' }));
    });
    expect(writeText).toHaveBeenCalledWith('const a');
  });

  it('toggles line wrapping as a pressed state', () => {
    const { container } = render(<Markdown text={BLOCK} />);
    const wrap = screen.getByRole('button', { name: t('markdown.code.wrap') });
    const pre = container.querySelector('pre')!;
    expect(wrap.getAttribute('aria-pressed')).toBe('false');
    expect(pre.hasAttribute('data-wrap')).toBe(false);
    fireEvent.click(wrap);
    expect(wrap.getAttribute('aria-pressed')).toBe('true');
    expect(pre.hasAttribute('data-wrap')).toBe(true);
  });

  it('keeps the wrap choice when the streaming block finishes', () => {
    const { container, rerender } = render(<Markdown text={`${FENCE}ts\nconst a = 1;`} streaming />);
    fireEvent.click(screen.getByRole('button', { name: t('markdown.code.wrap') }));
    rerender(<Markdown text={`${FENCE}ts\nconst a = 1;\n${FENCE}\n\nAfter.`} streaming />);
    expect(container.querySelector('pre')!.hasAttribute('data-wrap')).toBe(true);
  });
});

describe('syntax highlighting', () => {
  it('loads the highlighter only once a block with a known language is finished', async () => {
    const calls: [string, string][] = [];
    const loader = vi.fn(() => Promise.resolve(fakeHighlighter(calls)));
    setHighlighterLoader(loader);
    const { container, rerender } = render(<Markdown text={`${FENCE}ts\n${CODE}`} streaming />);
    await settle();
    expect(loader).not.toHaveBeenCalled();
    expect(container.querySelector('.markdown__code')!.getAttribute('data-state')).toBe('streaming');

    rerender(<Markdown text={`${BLOCK}\nNext`} streaming />);
    await settle();
    expect(loader).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([[CODE, 'typescript']]);
    const code = container.querySelector('pre code')!;
    expect(code.querySelector('span.hljs-keyword')!.textContent).toBe(CODE);
    expect(container.querySelector('.markdown__code')!.hasAttribute('data-highlighted')).toBe(true);
  });

  it.each([
    ['no language', `${FENCE}\nplain\n${FENCE}`],
    ['a language without a grammar', `${FENCE}text\nplain\n${FENCE}`],
    ['indented code', '    plain code'],
  ])('does not load the highlighter for %s', async (_, text) => {
    const loader = vi.fn(() => Promise.resolve(fakeHighlighter([])));
    setHighlighterLoader(loader);
    render(<Markdown text={text} />);
    await settle();
    expect(loader).not.toHaveBeenCalled();
  });

  it('keeps plain code when the highlighter cannot be loaded', async () => {
    setHighlighterLoader(() => Promise.reject(new Error('offline')));
    const { container } = render(<Markdown text={BLOCK} />);
    await settle();
    expect(container.querySelector('pre code')!.textContent).toBe(CODE);
    expect(container.querySelector('pre code span')).toBeNull();
  });

  it('highlights with lowlight, registering only the grammars used', async () => {
    const { registeredGrammars, resetGrammars } = await import('../../src/markdown/highlighter');
    resetGrammars();
    const { container } = render(<Markdown text={`${FENCE}python\ndef f():\n    return None\n${FENCE}`} />);
    await settle(30);
    const keyword = container.querySelector('pre code .hljs-keyword');
    expect(keyword?.textContent).toBe('def');
    expect(registeredGrammars()).toEqual(['python']);
  });

  it('never renders lowlight output as HTML: markup in code stays text', async () => {
    const { container } = render(<Markdown text={`${FENCE}html\n<img src=x onerror="alert(1)">\n${FENCE}`} />);
    await settle(30);
    expect(container.querySelector('pre img')).toBeNull();
    expect(container.querySelector('pre code')!.textContent).toBe('<img src=x onerror="alert(1)">');
  });
});
