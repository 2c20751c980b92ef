import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { t } from '../../src/i18n';
import { Markdown, resetMarkdown, setMermaidLoader, type DiagramRenderer } from '../../src/markdown';
import { withIntrinsicSize } from '../../src/markdown/svg-size';

const FENCE = '```';
const DIAGRAM = 'graph TD\n  A --> B';
const REPLY = `Here:\n\n${FENCE}mermaid\n${DIAGRAM}\n${FENCE}\n\nDone.`;
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';

let render_: ReturnType<typeof vi.fn<(code: string) => Promise<string>>>;
let loads = 0;
let blobs: Blob[] = [];

beforeEach(() => {
  loads = 0;
  blobs = [];
  render_ = vi.fn(async (code: string) => {
    if (code.includes('oops')) throw new Error('Parse error on line 1');
    return SVG;
  });
  setMermaidLoader(async () => {
    loads += 1;
    const renderer: DiagramRenderer = { render: render_ };
    return renderer;
  });
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return `blob:test/${blobs.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  resetMarkdown();
});

describe('Mermaid diagrams', () => {
  it('draws a finished ```mermaid block as an image from an SVG data: URL (never a blob: one, which has the app’s origin), with its code behind a toggle', async () => {
    render(<Markdown text={REPLY} />);
    const image = await screen.findByRole('img', { name: t('markdown.diagram.alt') });
    const src = image.getAttribute('src')!;
    expect(src.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(src.slice(src.indexOf(',') + 1))).toBe(SVG);
    expect(blobs).toEqual([]);
    expect(render_).toHaveBeenCalledWith(DIAGRAM);
    expect(image.closest('figure')!.getAttribute('data-state')).toBe('rendered');

    const toggle = screen.getByRole('button', { name: t('markdown.diagram.showCode') });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const code = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(code.hidden).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(code.hidden).toBe(false);
    expect(code.querySelector('pre code')!.textContent).toBe(DIAGRAM);
  });

  it('loads Mermaid only when a diagram appears, and draws only once the fence is closed', async () => {
    const { rerender } = render(<Markdown text={`${FENCE}js\nlet a = 1;\n${FENCE}`} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loads).toBe(0);
    rerender(<Markdown text={`${FENCE}mermaid\n${DIAGRAM}`} streaming />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loads).toBe(0);
    expect(screen.queryByRole('img')).toBeNull();
    expect(document.querySelector('pre code')!.textContent).toBe(DIAGRAM);
    rerender(<Markdown text={`${FENCE}mermaid\n${DIAGRAM}\n${FENCE}`} streaming={false} />);
    await screen.findByRole('img', { name: t('markdown.diagram.alt') });
    expect(loads).toBe(1);
  });

  it('says when a diagram has a syntax error and shows its code', async () => {
    render(<Markdown text={`${FENCE}mermaid\ngraph oops\n${FENCE}`} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(t('markdown.diagram.syntaxError'));
    expect(alert.closest('figure')!.getAttribute('data-state')).toBe('error');
    expect(screen.queryByRole('img')).toBeNull();
    expect(document.querySelector('pre code')!.textContent).toBe('graph oops');
  });

  it('says when Mermaid could not be loaded', async () => {
    setMermaidLoader(() => Promise.reject(new Error('chunk failed')));
    render(<Markdown text={REPLY} />);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(t('markdown.diagram.unavailable')));
  });
});

describe('withIntrinsicSize', () => {
  it('gives an SVG sized for inline use the size of its viewBox, so an <img> draws it at scale', () => {
    const svg = '<svg id="m" width="100%" xmlns="http://www.w3.org/2000/svg" style="max-width: 169.5px;" viewBox="-8 -8 169.5 358.2"><g/></svg>';
    expect(withIntrinsicSize(svg)).toBe('<svg width="170" height="359" id="m" xmlns="http://www.w3.org/2000/svg" viewBox="-8 -8 169.5 358.2"><g/></svg>');
  });

  it('leaves an SVG without a viewBox as it is', () => {
    expect(withIntrinsicSize('<svg width="10"><g/></svg>')).toBe('<svg width="10"><g/></svg>');
  });
});
