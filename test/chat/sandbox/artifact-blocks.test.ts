import { describe, expect, it } from 'vitest';
import { artifactBlocksOf, artifactKindOf, mainArtifactOf } from '../../../src/chat/sandbox';

const fence = (info: string, code: string, marker = '```') => `${marker}${info}\n${code}\n${marker}`;

describe('artifactBlocksOf', () => {
  it('finds html, svg, jsx/tsx and mermaid blocks, and leaves other languages alone', () => {
    const text = [
      'Intro',
      fence('html', '<p>Hi</p>'),
      fence('python', 'print(1)'),
      fence('svg', '<svg viewBox="0 0 1 1"></svg>'),
      fence('tsx', 'export default function A() { return <b/>; }'),
      fence('jsx', 'export default () => <i/>'),
      fence('mermaid', 'graph TD; A-->B'),
      fence('', 'plain'),
    ].join('\n\n');
    expect(artifactBlocksOf(text, true).map((b) => [b.kind, b.language])).toEqual([
      ['html', 'html'],
      ['svg', 'svg'],
      ['jsx', 'tsx'],
      ['jsx', 'jsx'],
      ['mermaid', 'mermaid'],
    ]);
  });

  it('keeps the code exactly, and reads tildes and longer fences', () => {
    const code = '<div>\n  ```\n  not a fence end inside\n</div>';
    const [block] = artifactBlocksOf(fence('html', code, '````'), true);
    expect(block!.code).toBe(code);
    expect(artifactBlocksOf(fence('svg', '<svg></svg>', '~~~'), true)[0]!.code).toBe('<svg></svg>');
  });

  it('takes XML as SVG only when it is an <svg> picture', () => {
    expect(artifactKindOf('xml', '<?xml version="1.0"?>\n<svg width="2"></svg>')).toBe('svg');
    expect(artifactKindOf('xml', '<note><to>Tove</to></note>')).toBeNull();
    expect(artifactKindOf('HTML', '')).toBe('html');
  });

  it('leaves out a block still being written, and closes it at the end of a finished reply', () => {
    const text = `Here:\n\n\`\`\`html\n<p>Half`;
    expect(artifactBlocksOf(text, false)).toEqual([]);
    expect(artifactBlocksOf(text, true).map((b) => b.code)).toEqual(['<p>Half']);
  });

  it('does not take a line of inline code, an indented fence or an empty block for a block', () => {
    expect(artifactBlocksOf('```html <b>`x`</b>```\n<p>after</p>', true)).toEqual([]);
    expect(artifactBlocksOf('    ```html\n    <p>x</p>\n    ```', true)).toEqual([]);
    expect(artifactBlocksOf(fence('html', '   '), true)).toEqual([]);
  });

  it('names a block by its fence, else by a file name, heading or bold line just above', () => {
    const names = (text: string) => artifactBlocksOf(text, true).map((b) => b.name);
    expect(names(fence('html title="Tip calculator"', '<p/>'))).toEqual(['Tip calculator']);
    expect(names(fence("jsx file='Counter.jsx'", 'x'))).toEqual(['Counter.jsx']);
    expect(names(fence('html index.html', '<p/>'))).toEqual(['index.html']);
    expect(names(`Save this as **clock.svg**:\n\n${fence('svg', '<svg/>')}`)).toEqual(['clock.svg']);
    expect(names(`### Sales *chart*\n${fence('mermaid', 'pie')}`)).toEqual(['Sales chart']);
    expect(names(`**Landing page**\n\n${fence('html', '<p/>')}`)).toEqual(['Landing page']);
    expect(names(`Here is a page that greets you.\n\n${fence('html', '<p/>')}`)).toEqual([null]);
    // The line above a second block is the text after the first, never the first block's code.
    expect(names(`${fence('html index.html', '<p/>')}\n${fence('html', 'a.html is not above me')}`)).toEqual(['index.html', null]);
  });

  it('bounds a name’s length', () => {
    const [block] = artifactBlocksOf(fence(`html title="${'x'.repeat(500)}"`, '<p/>'), true);
    expect(block!.name).toHaveLength(80);
  });
});

describe('mainArtifactOf', () => {
  const page = '<!doctype html>\n<html><body><h1>Counter</h1><button>+1</button><script>let n = 0;</script></body></html>';

  it('is the one block of a reply that is mostly that block', () => {
    expect(mainArtifactOf(`Here you go:\n\n${fence('html', page)}`, true)?.code).toBe(page);
  });

  it('is nothing when prose outweighs the block, or when there are two blocks', () => {
    const prose = 'This explains at length how the page works, line by line, and why. '.repeat(5);
    expect(mainArtifactOf(`${prose}\n\n${fence('html', page)}`, true)).toBeNull();
    expect(mainArtifactOf(`${fence('html', page)}\n\n${fence('svg', '<svg></svg>')}`, true)).toBeNull();
    expect(mainArtifactOf(fence('html', page).slice(0, -3), false)).toBeNull();
  });
});

describe('the code a block holds is the code the reply shows', () => {
  // The page finds a rendered block's artifact by its code, so the two readings must agree.
  it.each([
    ['a plain fence', '```html\n<p>a</p>\n\n<p>b</p>\n```'],
    ['an indented fence', '  ```svg\n  <svg>\n    <g/>\n  </svg>\n  ```'],
    ['tildes, a longer closing fence', '~~~jsx\nexport default () => <b>~~</b>\n~~~~~'],
    ['Windows line ends', '```html\r\n<p>a</p>\r\n<p>b</p>\r\n```'],
  ])('%s', async (_name, text) => {
    const { Lexer } = await import('marked');
    const shown = Lexer.lex(text).filter((token) => token.type === 'code').map((token) => (token as { text: string }).text);
    expect(artifactBlocksOf(text, true).map((b) => b.code)).toEqual(shown);
  });
});
