import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { t } from '../../src/i18n';
import { Markdown, resetMarkdown, setHighlighterLoader, setMathLoader } from '../../src/markdown';

const FENCE = '```';

function renderMarkdown(text: string, streaming = false) {
  const view = render(<Markdown text={text} streaming={streaming} />);
  return { ...view, root: view.container.querySelector('.markdown') as HTMLElement };
}

afterEach(() => {
  resetMarkdown();
});

describe('Markdown: block constructs', () => {
  it.each([1, 2, 3, 4, 5, 6])('renders an h%i heading', (level) => {
    renderMarkdown(`${'#'.repeat(level)} Title`);
    expect(screen.getByRole('heading', { level, name: 'Title' })).toBeTruthy();
  });

  it('renders setext headings', () => {
    renderMarkdown('Big\n===\n\nSmaller\n---');
    expect(screen.getByRole('heading', { level: 1, name: 'Big' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Smaller' })).toBeTruthy();
  });

  it('renders paragraphs, keeping soft line breaks as spaces and hard breaks as <br>', () => {
    const { root } = renderMarkdown('one\ntwo\n\nhard  \nbreak and\\\nslash');
    const paragraphs = root.querySelectorAll('p');
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]!.textContent).toBe('one\ntwo');
    expect(paragraphs[1]!.querySelectorAll('br')).toHaveLength(2);
  });

  it('renders fenced code with its language, and indented code', () => {
    const { root } = renderMarkdown(`${FENCE}python\nprint("hi")\n${FENCE}\n\n    indented\n    code`);
    const blocks = root.querySelectorAll('pre code');
    expect(blocks[0]!.textContent).toBe('print("hi")');
    expect(blocks[0]!.className).toBe('language-python');
    expect(blocks[1]!.textContent).toBe('indented\ncode');
    const labels = [...root.querySelectorAll('.markdown__code-language')].map((label) => label.textContent);
    expect(labels).toEqual(['python', t('markdown.code.label')]);
  });

  it('renders nested block quotes', () => {
    const { root } = renderMarkdown('> outer\n>\n> > inner');
    const outer = root.querySelector('blockquote')!;
    expect(outer.querySelector('blockquote')!.textContent).toBe('inner');
  });

  it('renders ordered lists with their start number, and nested lists', () => {
    renderMarkdown('3. three\n4. four\n   - nested a\n   - nested b');
    const [ordered, nested] = screen.getAllByRole('list');
    expect(ordered!.tagName).toBe('OL');
    expect(ordered!.getAttribute('start')).toBe('3');
    expect(nested!.tagName).toBe('UL');
    expect(within(nested!).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['nested a', 'nested b']);
  });

  it('renders task lists with read-only checkboxes named by their task', () => {
    renderMarkdown('- [x] write tests\n- [ ] ship it');
    const done = screen.getByRole('checkbox', { name: 'write tests' }) as HTMLInputElement;
    const open = screen.getByRole('checkbox', { name: 'ship it' }) as HTMLInputElement;
    expect([done.checked, done.disabled]).toEqual([true, true]);
    expect([open.checked, open.disabled]).toEqual([false, true]);
    expect(done.closest('li')!.dataset.task).toBe('done');
  });

  it('renders loose task lists (the checkbox inside the paragraph)', () => {
    renderMarkdown('- [x] first\n\n- [ ] second');
    expect((screen.getByRole('checkbox', { name: 'first' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'second' }) as HTMLInputElement).checked).toBe(false);
  });

  it('renders tables with header cells and column alignment', () => {
    renderMarkdown('| Name | Qty | Note |\n|:-----|----:|:----:|\n| a | 1 | x |');
    const table = screen.getByRole('table');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((th) => [th.textContent, th.dataset.align])).toEqual([
      ['Name', 'left'],
      ['Qty', 'right'],
      ['Note', 'center'],
    ]);
    expect(within(table).getAllByRole('cell').map((td) => td.dataset.align)).toEqual(['left', 'right', 'center']);
    expect(screen.getByRole('group', { name: t('markdown.table') }).tabIndex).toBe(0);
  });

  it('renders thematic breaks', () => {
    const { root } = renderMarkdown('above\n\n---\n\nbelow');
    expect(root.querySelectorAll('hr')).toHaveLength(1);
  });

  it('shows raw HTML as the text it is', () => {
    const { root } = renderMarkdown('<div class="x">block</div>\n\ninline <b onclick="x()">bold</b>');
    expect(root.querySelector('div.x, b')).toBeNull();
    expect(root.textContent).toContain('<div class="x">block</div>');
    expect(root.textContent).toContain('<b onclick="x()">bold</b>');
  });
});

describe('Markdown: inline constructs', () => {
  it('renders emphasis, strong, strikethrough and inline code', () => {
    const { root } = renderMarkdown('*em* **strong** ~~gone~~ `code` ***both***');
    expect(root.querySelector('em')!.textContent).toBe('em');
    expect(root.querySelector('strong')!.textContent).toBe('strong');
    expect(root.querySelector('del')!.textContent).toBe('gone');
    expect(root.querySelector('p > code')!.textContent).toBe('code');
    expect(root.querySelector('em > strong, strong > em')!.textContent).toBe('both');
  });

  it('resolves character references in text but not in code', () => {
    const { root } = renderMarkdown('AT&amp;T &copy; &#x41; `&amp;`');
    expect(root.textContent).toBe('AT&T © A &amp;');
  });

  it('opens web and mail links in a new tab without an opener', () => {
    renderMarkdown('[docs](https://example.com/docs "The docs") and [mail](mailto:a@example.com)');
    const docs = screen.getByRole('link', { name: 'docs' });
    expect(docs.getAttribute('href')).toBe('https://example.com/docs');
    expect(docs.getAttribute('target')).toBe('_blank');
    expect(docs.getAttribute('rel')).toBe('noopener noreferrer');
    expect(docs.getAttribute('title')).toBe('The docs');
    expect(screen.getByRole('link', { name: 'mail' }).getAttribute('href')).toBe('mailto:a@example.com');
  });

  it.each(['javascript:alert(1)', 'ftp://example.com', '/relative', '#top'])('shows a %s link as plain text', (href) => {
    const { root } = renderMarkdown(`[click me](${href})`);
    expect(screen.queryByRole('link')).toBeNull();
    expect(root.textContent).toBe('click me');
  });

  it('turns autolinks and bare URLs and e-mail addresses into links', () => {
    renderMarkdown('<https://a.example> www.b.example c@d.example');
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      'https://a.example',
      'http://www.b.example',
      'mailto:c@d.example',
    ]);
  });

  it('resolves reference links defined later in the reply', () => {
    renderMarkdown('See [the guide][guide].\n\nMore text.\n\n[guide]: https://example.com/guide');
    expect(screen.getByRole('link', { name: 'the guide' }).getAttribute('href')).toBe('https://example.com/guide');
  });
});

describe('Markdown: images', () => {
  it('waits for the reader before loading a remote image, showing its whole address', () => {
    const { root } = renderMarkdown('![A cat](https://images.example.com/cat.png?size=2 "Cat")');
    expect(root.querySelector('img')).toBeNull();
    const button = screen.getByRole('button', { name: 'Load image from https://images.example.com/cat.png?size=2: A cat' });
    expect(button.textContent).toContain('https://images.example.com/cat.png?size=2');
    expect(button.title).toBe('https://images.example.com/cat.png?size=2');
    expect(button.textContent).toContain('A cat');
    fireEvent.click(button);
    const image = screen.getByRole('img', { name: 'A cat' });
    expect(image.getAttribute('src')).toBe('https://images.example.com/cat.png?size=2');
    expect(image.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(image.getAttribute('title')).toBe('Cat');
  });

  it('shows a long address with its middle elided, and the whole of it in the name and tooltip', () => {
    const url = `https://collector.example/p.png?pad=${'x'.repeat(120)}&leak=secret42`;
    renderMarkdown(`![](${url})`);
    const button = screen.getByRole('button', { name: `Load image from ${url}` });
    expect(button.title).toBe(url);
    const shown = button.querySelector('.markdown__image-load')!.textContent!;
    expect(shown.startsWith('Load image from https://collector.example/p.png?pad=x')).toBe(true);
    expect(shown.endsWith('&leak=secret42')).toBe(true);
    expect(shown).toContain('…');
    expect(shown.length).toBeLessThan(url.length);
  });

  it('falls back to the description when the image fails to load', () => {
    renderMarkdown('![A cat](https://images.example.com/cat.png)');
    fireEvent.click(screen.getByRole('button'));
    fireEvent.error(screen.getByRole('img'));
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('A cat').dataset.state).toBe('error');
  });

  it('shows a raster data URL at once (it loads nothing from the network)', () => {
    renderMarkdown('![dot](data:image/png;base64,iVBORw0KGgo=)');
    expect(screen.getByRole('img', { name: 'dot' }).getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
  });

  it.each(['javascript:alert(1)', 'data:image/svg+xml;base64,PHN2Zz4=', '/local.png'])('never loads an image from %s', (src) => {
    const { root } = renderMarkdown(`![blocked](${src})`);
    expect(root.querySelector('img, button')).toBeNull();
    expect(screen.getByText('blocked').dataset.state).toBe('blocked');
  });

  it('inside a link, a remote image shows only its description (a button cannot sit in a link)', () => {
    const { root } = renderMarkdown('[![badge](https://img.example/b.svg)](https://example.com)');
    expect(root.querySelector('a button, a img')).toBeNull();
    expect(screen.getByRole('link', { name: 'badge' })).toBeTruthy();
  });
});

describe('Markdown: the component', () => {
  it('is one element that spreads props, merges its class and forwards its ref', () => {
    const ref = createRef<HTMLDivElement>();
    render(<Markdown ref={ref} text="hi" className="extra" aria-label="Reply" data-testid="md" />);
    const element = screen.getByTestId('md');
    expect(ref.current).toBe(element);
    expect(element.className).toBe('markdown extra');
    expect(element.getAttribute('aria-label')).toBe('Reply');
  });

  it('exposes whether it is streaming as data-state', () => {
    const { root, rerender } = renderMarkdown('Hello', true);
    expect(root.dataset.state).toBe('streaming');
    rerender(<Markdown text="Hello there" />);
    expect(root.dataset.state).toBe('complete');
  });

  it('loads neither the highlighter nor KaTeX for a reply without code or math', () => {
    const highlighter = vi.fn(() => new Promise<never>(() => {}));
    const katex = vi.fn(() => new Promise<never>(() => {}));
    setHighlighterLoader(highlighter);
    setMathLoader(katex);
    renderMarkdown('# Plain\n\nJust text, a [link](https://example.com) and prices: $5 and $10.\n\n- a list');
    expect(highlighter).not.toHaveBeenCalled();
    expect(katex).not.toHaveBeenCalled();
  });
});

describe('Markdown: CommonMark details', () => {
  it('gives an image the plain text of its description as alt text', () => {
    renderMarkdown('![foo *bar* ![baz](https://e.example/b.png) [qux](https://e.example)](data:image/png;base64,iVBORw0KGgo=)');
    expect(screen.getByRole('img', { name: 'foo bar baz qux' })).toBeTruthy();
  });

  it('resolves any HTML5 named reference, loading the full table when a reply needs it', async () => {
    const { root } = renderMarkdown('&copy; &Dcaron; &HilbertSpace;\n\n- &ngE;');
    expect(root.querySelector('p')!.textContent).toBe('© &Dcaron; &HilbertSpace;');
    await waitFor(() => expect(root.querySelector('p')!.textContent).toBe('© Ď ℋ'));
    expect(root.querySelector('li')!.textContent).toBe('≧̸');
  });

  it('resolves references in a code fence’s info string', () => {
    const { root } = renderMarkdown(`${FENCE} f&ouml;&ouml;\nfoo\n${FENCE}`);
    expect(root.querySelector('pre code')!.className).toBe('language-föö');
  });

  it('keeps a link’s address as written, only percent-encoded', () => {
    renderMarkdown('<https://example.com/\\[\\> and [case](HTTPS://Example.com/ä%20b)');
    expect(screen.getByRole('link', { name: 'https://example.com/\\[\\' }).getAttribute('href')).toBe('https://example.com/%5C%5B%5C');
    expect(screen.getByRole('link', { name: 'case' }).getAttribute('href')).toBe('HTTPS://Example.com/%C3%A4%20b');
  });
});

describe('Markdown: right to left (issue 33)', () => {
  it('gives every block of text its own direction (dir="auto"), and keeps code left to right', () => {
    const { root } = renderMarkdown(['# عنوان', '', 'مرحبا بالعالم', '', 'An English line.', '', '- שלום', '- עולם', '', '1. one', '', `${FENCE}js\nconst a = 1;\n${FENCE}`, '', '| א | b |\n| - | - |\n| 1 | 2 |', '', 'plain paragraph with no syntax at all'].join('\n'));
    const blocks = root.querySelectorAll('p, h1, ul, ol, li, table');
    expect(blocks.length).toBeGreaterThanOrEqual(8);
    for (const block of blocks) expect(block.getAttribute('dir'), block.outerHTML).toBe('auto');
    expect(root.querySelector('.markdown__code')!.getAttribute('dir')).toBe('ltr');
  });
});
