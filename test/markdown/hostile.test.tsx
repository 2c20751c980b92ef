import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown, MAX_NESTING_DEPTH, resetMarkdown } from '../../src/markdown';
import { settle } from './render-helpers';

/** Rendering hostile input must finish within this (happy-dom; a browser is faster). */
const TIME_LIMIT_MS = 1000;

afterEach(() => {
  resetMarkdown();
});

/** Elements a reply must never create, whatever it says. */
const ACTIVE_ELEMENTS = 'script, iframe, frame, object, embed, svg, style, link, meta, base, form, textarea, select, video, audio, source';

function expectInert(root: Element) {
  expect(root.querySelector(ACTIVE_ELEMENTS)).toBeNull();
  for (const element of root.querySelectorAll('*')) {
    for (const { name, value } of element.attributes) {
      expect(name.startsWith('on'), `${element.tagName} has ${name}`).toBe(false);
      if (name === 'href' || name === 'src') expect(value).toMatch(/^(https?:|mailto:|data:image\/(png|jpeg|gif|webp)[;,])/i);
      if (name === 'style') expect(element.closest('.katex, .markdown__group')).not.toBeNull();
    }
  }
}

const XSS_CORPUS: Readonly<Record<string, string>> = {
  'javascript: link': '[click](javascript:alert(1))',
  'mixed-case javascript: link': '[click](JaVaScRiPt:alert(1))',
  'entity-obfuscated javascript: link': '[click](jav&#x09;ascript:alert(1))',
  'decimal-entity javascript: link': '[click](&#106;avascript:alert(1))',
  'javascript: autolink': '<javascript:alert(1)>',
  'javascript: reference link': '[click][x]\n\n[x]: javascript:alert(1)',
  'vbscript: link': '[click](vbscript:msgbox(1))',
  'data: link': '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  'raw script': '<script>alert(1)</script>',
  'inline script': 'text <script>alert(1)</script> more',
  'img onerror': '<img src=x onerror="alert(1)">',
  'inline img onerror': 'look <img src=x onerror=alert(1)> here',
  'svg onload': '<svg onload="alert(1)"><circle r="1"/></svg>',
  iframe: '<iframe src="https://evil.example"></iframe>',
  'javascript: image': '![x](javascript:alert(1))',
  'svg data image': '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+)',
  'style tag': '<style>body{display:none}</style>',
  'link in html': '<a href="javascript:alert(1)">x</a>',
  'event attribute in a code fence': '```html\n<img src=x onerror=alert(1)>\n```',
  'math with \\href': '$\\href{javascript:alert(1)}{x}$',
};

describe('hostile input renders as text and runs nothing', () => {
  it.each(Object.entries(XSS_CORPUS))('%s', async (_, text) => {
    for (const streaming of [false, true]) {
      const { container, unmount } = render(<Markdown text={text} streaming={streaming} />);
      await settle(20);
      expectInert(container);
      unmount();
    }
  });

  it('shows the markup of raw HTML as text', () => {
    const { container } = render(<Markdown text={XSS_CORPUS['img onerror']!} />);
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
  });
});

const HOSTILE: Readonly<Record<string, string>> = {
  '10,000 backticks': '`'.repeat(10_000),
  '10,000 backticks inline': `a ${'`'.repeat(10_000)} b`,
  'backtick runs of every length': Array.from({ length: 140 }, (_, i) => '`'.repeat(i + 1)).join(' x '),
  '10,000 asterisks': '*'.repeat(10_000),
  '10,000 asterisks inline': `a ${'*'.repeat(10_000)} b`,
  'asterisk runs around a word': `${'*'.repeat(5000)}a${'*'.repeat(5000)}`,
  'nested emphasis': `${'*a '.repeat(3000)}b${' a*'.repeat(3000)}`,
  'nested strong': `${'**a '.repeat(2000)}b${' a**'.repeat(2000)}`,
  'nested strikethrough': `${'~~a '.repeat(2000)}b${' a~~'.repeat(2000)}`,
  'nested underscores': `${'_a '.repeat(3000)}b${' a_'.repeat(3000)}`,
  '10,000 quote markers': `${'>'.repeat(10_000)} deep`,
  '5,000 spaced quote markers': `${'> '.repeat(5000)}deep`,
  'quotes deepening line by line': Array.from({ length: 400 }, (_, i) => `${'>'.repeat(i + 1)} line ${i}`).join('\n'),
  '5,000 bullets on a line': `${'- '.repeat(5000)}deep`,
  '3,000 ordered markers on a line': `${'1. '.repeat(3000)}deep`,
  'lists nested by indentation': Array.from({ length: 300 }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n'),
  '10,000 brackets': '['.repeat(10_000),
  'unclosed links': '[a]('.repeat(3000),
  'nested images': `${'[!['.repeat(2000)}x${'](y)](z)'.repeat(2000)}`,
  '10,000 angle brackets': '<'.repeat(10_000),
  '10,000 dollars': '$'.repeat(10_000),
  'lone dollars': '$a '.repeat(4000),
  'unclosed \\( formulas': '\\(a '.repeat(3000),
  '10,000 pipes': `${'|'.repeat(10_000)}\n${'|-'.repeat(5000)}`,
  '10,000 backslashes': '\\'.repeat(10_000),
  '10,000 ampersands': '&#'.repeat(5000),
};

/** How many elements deep the rendered tree goes. */
function depthOf(element: Element): number {
  let deepest = 0;
  for (const child of element.children) deepest = Math.max(deepest, depthOf(child));
  return deepest + 1;
}

describe('hostile input renders quickly, as text, within the nesting limit', () => {
  it.each(Object.entries(HOSTILE))('%s', (_, text) => {
    const started = performance.now();
    const { container } = render(<Markdown text={text} />);
    expect(performance.now() - started).toBeLessThan(TIME_LIMIT_MS);
    // Text, or the thematic break a line of asterisks is.
    expect(container.textContent!.length > 0 || container.querySelector('hr') !== null).toBe(true);
    for (const quote of container.querySelectorAll('blockquote')) {
      let level = 0;
      for (let node: Element | null = quote; node; node = node.parentElement?.closest('blockquote, ul, ol') ?? null) level += 1;
      expect(level).toBeLessThanOrEqual(MAX_NESTING_DEPTH);
    }
    expect(depthOf(container)).toBeLessThan(4 * MAX_NESTING_DEPTH + 20);
    expectInert(container);
  });

  it('streams hostile input in chunks without slowing down', () => {
    const text = `${'*'.repeat(5000)} ${'`'.repeat(5000)} ${'> '.repeat(2000)}`;
    const started = performance.now();
    const { rerender } = render(<Markdown text="" streaming />);
    for (let end = 500; end < text.length; end += 500) rerender(<Markdown text={text.slice(0, end)} streaming />);
    rerender(<Markdown text={text} />);
    expect(performance.now() - started).toBeLessThan(2 * TIME_LIMIT_MS);
  });
});
