// The cleaner every citation passes before a page or a file shows it (issue 37), and the reading of
// a reply's [n] as citations of its search tools' results.
import { describe, expect, it } from 'vitest';
import { citeNumberedSources, cleanCitations, codeRanges, domainOf, MAX_CITATIONS, numberSources } from '../../../src/chat/shapes/citations';

describe('cleanCitations', () => {
  const content = 'Rust 1.80 shipped in July. It adds LazyCell.';

  it('keeps http and https sources with a span inside the text, and drops every other scheme', () => {
    const cleaned = cleanCitations(content, [
      { url: 'https://blog.rust-lang.org/1.80', title: 'Rust 1.80', start: 0, end: 26 },
      { url: 'javascript:alert(1)', title: 'x', start: 27, end: 44 },
      { url: 'data:text/html,<b>x</b>', title: 'x' },
      { url: 'ftp://example.com/x', title: 'x' },
      { url: 'http://example.com/y', start: 27, end: 44 },
    ]);
    expect(cleaned).toEqual([
      { url: 'https://blog.rust-lang.org/1.80', title: 'Rust 1.80', start: 0, end: 26 },
      { url: 'http://example.com/y', start: 27, end: 44 },
    ]);
  });

  it('a span past the text, empty, reversed, fractional or overlapping one kept before keeps the source but loses its place', () => {
    const cleaned = cleanCitations(content, [
      { url: 'https://a.example/', start: 0, end: 26 },
      { url: 'https://b.example/', start: 10, end: 30 },
      { url: 'https://c.example/', start: 40, end: 4000 },
      { url: 'https://d.example/', start: 5, end: 5 },
      { url: 'https://e.example/', start: 9, end: 3 },
      { url: 'https://f.example/', start: 1.5, end: 3 },
      { url: 'https://g.example/', start: -1, end: 3 },
    ]);
    expect(cleaned.map((c) => [c.url, c.start, c.end])).toEqual([
      ['https://a.example/', 0, 26],
      ['https://b.example/', undefined, undefined],
      ['https://c.example/', undefined, undefined],
      ['https://d.example/', undefined, undefined],
      ['https://e.example/', undefined, undefined],
      ['https://f.example/', undefined, undefined],
      ['https://g.example/', undefined, undefined],
    ]);
  });

  it('titles and quotes become plain one-line text: bidi overrides, controls and line breaks gone, long ones cut', () => {
    const [cleaned] = cleanCitations(content, [{ url: 'https://x.example/', title: 'Safe\u202Egnp.exe\u2066 <b>bold</b>\nnext', citedText: 'a'.repeat(900) }]);
    expect(cleaned!.title).toBe('Safe gnp.exe <b>bold</b> next');
    expect(cleaned!.citedText!.length).toBeLessThanOrEqual(500);
    expect(cleaned!.citedText!.endsWith('…')).toBe(true);
  });

  it('anything that is not a citation is dropped, and 10,000 are cut to the most a reply shows', () => {
    expect(cleanCitations(content, 'nope')).toEqual([]);
    expect(cleanCitations(content, [null, 3, 'x', { url: 42 }, { title: 'no url' }])).toEqual([]);
    const many = Array.from({ length: 10_000 }, (_, i) => ({ url: `https://s${i}.example/` }));
    expect(cleanCitations(content, many)).toHaveLength(MAX_CITATIONS);
  });

  it('domainOf names the host the browser will go to: a look-alike name shows as punycode', () => {
    expect(domainOf('https://www.example.com/a')).toBe('example.com');
    expect(domainOf('https://exаmple.com/')).toBe('xn--exmple-4nf.com');
  });
});

describe('numberSources', () => {
  it('numbers sources by first citation, one per address, and gives each citation its number', () => {
    const { sources, numbers } = numberSources([{ url: 'https://b.example/' }, { url: 'https://a.example/', title: 'A' }, { url: 'https://b.example/', title: 'B later' }]);
    expect(numbers).toEqual([1, 2, 1]);
    expect(sources).toEqual([
      { number: 1, url: 'https://b.example/', title: 'B later' },
      { number: 2, url: 'https://a.example/', title: 'A' },
    ]);
  });
});

describe('citeNumberedSources', () => {
  const sources = [
    { url: 'https://one.example/', title: 'One', citedText: 'first' },
    { url: 'https://two.example/', title: 'Two' },
  ];

  it('each [n] outside code cites result n, its span the mark itself', () => {
    const text = 'Paris is the capital [1]. It is big [2][1]. Not [3], not `[1]`, not [1](https://x.example), not [^1].';
    const cited = citeNumberedSources(text, sources);
    expect(cited.map((c) => [c.url, text.slice(c.start, c.end)])).toEqual([
      ['https://one.example/', '[1]'],
      ['https://two.example/', '[2]'],
      ['https://one.example/', '[1]'],
    ]);
    expect(cited[0]).toMatchObject({ title: 'One', citedText: 'first' });
  });

  it('a [1] inside a fenced block is code', () => {
    const text = 'See:\n```\nlist[1]\n```\nDone [2].';
    expect(codeRanges(text)).toEqual([[5, 20]]);
    expect(citeNumberedSources(text, sources).map((c) => text.slice(c.start, c.end))).toEqual(['[2]']);
  });
});
