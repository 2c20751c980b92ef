import { render } from '@testing-library/react';
import spec from 'commonmark-spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/i18n';
import { Markdown } from '../../src/markdown';
import { giveDocumentADoctype, normalisedHtml, settle } from './render-helpers';
import { streamPrefixes } from './seeded-random';

// The CommonMark 0.31.2 spec examples (the `commonmark-spec` package), rendered by <Markdown>
// whole and streamed. Our DOM is read back as the HTML commonmark would write for it, both sides
// are normalised as the reference implementations' spec runner does (cmark's normalize.py, which
// commonmark.js ports), and the two must be equal, except for this short list of policies:
//  1. Links keep only http, https and mailto destinations; any other link is shown as its text.
//  2. An image is compared by its facts (alt text, and its address when it may load): a remote
//     image is a click-to-load button, one that may never load is shown as its description.
//  3. Raw HTML is shown as text: examples that have raw HTML are left out (see isRawHtmlExample).

interface SpecExample {
  markdown: string;
  html: string;
  section: string;
  number: number;
}

/**
 * CommonMark's raw HTML (open and closing tags, comments, processing instructions, declarations,
 * CDATA). An example "has raw HTML" when a piece of its markdown matching this appears unescaped in
 * its expected HTML: the spec passes it through, which we never do. A tag inside code, or one the
 * spec itself escapes (`<33>`), does not count. This leaves 580 of the 652 examples.
 */
const RAW_HTML =
  /<[A-Za-z][A-Za-z0-9-]*(?:\s+[A-Za-z_:][A-Za-z0-9_.:-]*(?:\s*=\s*(?:[^\s"'=<>`]+|'[^']*'|"[^"]*"))?)*\s*\/?>|<\/[A-Za-z][A-Za-z0-9-]*\s*>|<!--(?:-?>|[\s\S]*?-->)|<\?[\s\S]*?\?>|<![A-Za-z][^>]*>|<!\[CDATA\[[\s\S]*?\]\]>/g;

/** A line that may open an HTML block (`<div id="foo"` need not be a whole tag): the spec copies such blocks verbatim. */
const HTML_BLOCK_LINE = /^ {0,3}<[A-Za-z].*$/gm;

function isRawHtmlExample({ markdown, html }: SpecExample): boolean {
  return (
    [...markdown.matchAll(RAW_HTML)].some((match) => html.includes(match[0].split('\n')[0]!)) ||
    [...markdown.matchAll(HTML_BLOCK_LINE)].some((match) => html.includes(match[0].trim()))
  );
}

/** The spec shows tabs as `→`; its runners put the tabs back before running an example. */
const withTabs = (text: string) => text.replace(/→/g, '\t');

const EXAMPLES = (spec.tests as SpecExample[])
  .map((example) => ({ ...example, markdown: withTabs(example.markdown), html: withTabs(example.html) }))
  .filter((example) => !isRawHtmlExample(example));
/**
 * Where Parley follows GitHub Flavored Markdown instead (marked's `gfm`, which replies are written
 * for): a bare URL or e-mail address becomes a link (GFM's autolink literals). Each listed example
 * must still differ, so the list cannot go stale; every other example must match exactly.
 */
const GFM_DIFFERENCES: ReadonlyMap<number, string> = new Map([
  [602, 'https://foo.bar/baz inside <…> with a space is a bare URL'],
  [608, 'https://foo.bar inside < … > is a bare URL'],
  [611, 'a bare https://example.com'],
  [612, 'a bare e-mail address'],
]);
/** The bar: at least 576 of the 580 examples. */
const REQUIRED_PASSES = 576;
/** Examples up to this long are streamed one character at a time; longer ones in seeded random chunks. */
const CHARACTER_BY_CHARACTER = 120;
const STREAM_SEED = 7;

/** Tags around which the normaliser drops whitespace (normalize.py's block-level list). */
const BLOCK_TAGS =
  'article|header|aside|hgroup|blockquote|hr|iframe|body|li|map|button|object|canvas|ol|caption|output|col|p|colgroup|pre|dd|progress|div|section|dl|table|td|dt|tbody|embed|textarea|fieldset|tfoot|figcaption|th|figure|thead|footer|tr|form|ul|h1|h2|h3|h4|h5|h6|video|script|style';
const AROUND_BLOCK_TAG = new RegExp(`\\s*(</?(?:${BLOCK_TAGS})(?:\\s[^>]*)?>)\\s*`, 'g');

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One node as normalised HTML: sorted attributes, no self-closing tags, whitespace collapsed outside <pre>. */
function serialise(node: Node, inPre: boolean): string {
  if (node.nodeType === Node.TEXT_NODE) {
    // normalize.py drops the line end a writer puts after <br>.
    const afterBreak = node.previousSibling?.nodeName === 'BR';
    const text = escapeText(afterBreak ? (node.textContent ?? '').replace(/^\n+/, '') : (node.textContent ?? ''));
    return inPre ? text : text.replace(/\s+/g, ' ');
  }
  if (node.nodeType !== Node.ELEMENT_NODE && node.nodeType !== Node.DOCUMENT_FRAGMENT_NODE) return '';
  const children = (pre: boolean) => [...node.childNodes].map((child) => serialise(child, pre)).join('');
  if (node.nodeType === Node.DOCUMENT_FRAGMENT_NODE) return children(inPre);
  const element = node as Element;
  const name = element.tagName.toLowerCase();
  const attributes = [...element.attributes]
    .map((attribute) => ` ${attribute.name.toLowerCase()}="${escapeText(attribute.value)}"`)
    .sort()
    .join('');
  if (name === 'br' || name === 'hr' || name === 'img') return `<${name}${attributes}>`;
  return `<${name}${attributes}>${children(inPre || name === 'pre')}</${name}>`;
}

function normalise(root: Node): string {
  return serialise(root, false).replace(AROUND_BLOCK_TAG, '$1').trim();
}

/** An <img> with only the facts we compare (policy 2). */
function imageFacts(alt: string, src: string | null): HTMLImageElement {
  const image = document.createElement('img');
  image.setAttribute('alt', alt);
  if (src !== null) image.setAttribute('src', src);
  return image;
}

/** The spec's expected HTML with our policies applied to its links and images. */
function expectedView(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const content = template.content;
  for (const link of [...content.querySelectorAll('a')]) {
    if (!/^(?:https?|mailto):/i.test(link.getAttribute('href') ?? '')) link.replaceWith(...link.childNodes);
  }
  for (const image of [...content.querySelectorAll('img')]) {
    const src = image.getAttribute('src') ?? '';
    const alt = image.getAttribute('alt') ?? '';
    const loads = /^https?:/i.test(src) || /^data:image\/(?:png|jpeg|gif|webp)[;,]/i.test(src);
    image.replaceWith(loads ? imageFacts(alt, src) : imageFacts(alt || t('markdown.image.untitled'), null));
  }
  return normalise(content);
}

/** Our rendered DOM written as the HTML commonmark would give for it. */
function commonmarkOf(node: Node): Node[] {
  if (node.nodeType === Node.TEXT_NODE) return [document.createTextNode(node.textContent ?? '')];
  if (node.nodeType !== Node.ELEMENT_NODE) return [];
  const element = node as HTMLElement;
  const children = () => [...element.childNodes].flatMap(commonmarkOf);
  if (element.matches('.markdown, .markdown__group')) return children();
  if (element.matches('.markdown__code')) {
    const code = element.querySelector('pre code')!;
    const pre = document.createElement('pre');
    const plain = document.createElement('code');
    const language = code.getAttribute('class');
    if (language) plain.setAttribute('class', language);
    // Our code block holds its lines; commonmark's writer ends each one with a line end.
    const text = code.textContent ?? '';
    plain.textContent = text ? `${text}\n` : '';
    pre.append(plain);
    return [pre];
  }
  if (element.matches('.markdown__image-placeholder')) {
    return [imageFacts(element.querySelector('.markdown__image-alt')?.textContent ?? '', element.getAttribute('title'))];
  }
  if (element.matches('.markdown__image-text')) return [imageFacts(element.textContent ?? '', null)];
  if (element.tagName === 'IMG') return [imageFacts(element.getAttribute('alt') ?? '', element.getAttribute('src'))];
  const copy = document.createElement(element.tagName.toLowerCase());
  const keep = element.tagName === 'A' ? ['href', 'title'] : element.tagName === 'OL' ? ['start'] : [];
  for (const name of keep) {
    const value = element.getAttribute(name);
    if (value !== null) copy.setAttribute(name, value);
  }
  copy.append(...children());
  return [copy];
}

function actualView(container: Element): string {
  const fragment = document.createDocumentFragment();
  fragment.append(...[...container.childNodes].flatMap(commonmarkOf));
  return normalise(fragment);
}

interface Outcome {
  example: SpecExample;
  whole: string;
  streamed: string;
  actual: string;
  expected: string;
}

const outcomes: Outcome[] = [];

async function renderExample(example: SpecExample): Promise<Outcome> {
  const view = render(<Markdown text={example.markdown} />);
  await settle(2);
  const whole = normalisedHtml(view.container);
  const actual = actualView(view.container);
  view.unmount();

  const { markdown } = example;
  const prefixes =
    markdown.length <= CHARACTER_BY_CHARACTER
      ? [...markdown].map((_, index) => markdown.slice(0, index + 1))
      : streamPrefixes(markdown, STREAM_SEED + example.number);
  const streamedView = render(<Markdown text="" streaming />);
  for (const prefix of prefixes) streamedView.rerender(<Markdown text={prefix} streaming />);
  streamedView.rerender(<Markdown text={markdown} streaming={false} />);
  await settle(2);
  const streamed = normalisedHtml(streamedView.container);
  streamedView.unmount();
  return { example, whole, streamed, actual, expected: expectedView(example.html) };
}

beforeAll(async () => {
  giveDocumentADoctype();
  await Promise.all([import('../../src/markdown/highlighter'), import('../../src/markdown/katex-render')]);
  for (const example of EXAMPLES) outcomes.push(await renderExample(example));
}, 300_000);

afterAll(() => {
  const failures = outcomes.filter((outcome) => outcome.actual !== outcome.expected);
  console.info(`CommonMark 0.31.2: ${outcomes.length - failures.length}/${outcomes.length} non-HTML examples pass`);
  for (const { example, actual, expected } of failures) {
    console.info(`example ${example.number} (${example.section}) ${JSON.stringify(example.markdown)}\n  expected ${expected}\n  actual   ${actual}`);
  }
});

const outcomeOf = (number: number) => outcomes.find((outcome) => outcome.example.number === number)!;
const CONFORMING = EXAMPLES.filter((example) => !GFM_DIFFERENCES.has(example.number)).map((example) => example.number);

describe('CommonMark 0.31.2 spec examples', () => {
  it('selects the examples without raw HTML', () => {
    expect(EXAMPLES.length).toBe(580);
  });

  it.each(CONFORMING)('example %i renders as the spec says', (number) => {
    const { actual, expected } = outcomeOf(number);
    expect(actual).toBe(expected);
  });

  it.each([...GFM_DIFFERENCES])('example %i differs only as GFM does: %s', (number) => {
    const { actual, expected } = outcomeOf(number);
    expect(actual).not.toBe(expected);
    expect(actual.replace(/<\/?a[^>]*>/g, '')).toBe(expected.replace(/<\/?a[^>]*>/g, ''));
  });

  it(`passes at least ${REQUIRED_PASSES} of them`, () => {
    const passes = outcomes.filter((outcome) => outcome.actual === outcome.expected).length;
    expect(passes).toBeGreaterThanOrEqual(REQUIRED_PASSES);
  });

  it('renders every example streamed exactly as whole', () => {
    const different = outcomes.filter((outcome) => outcome.streamed !== outcome.whole).map((outcome) => outcome.example.number);
    expect(different).toEqual([]);
  });
});
