import { describe, expect, it } from 'vitest';
import { basePathFromHref, readBasePath, stripBase, withBase } from '../../src/router';

describe('basePathFromHref (SPEC A1)', () => {
  it.each([
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['/', ''],
    ['/app/', '/app'],
    ['/app', '/app'],
    ['app/', '/app'],
    ['https://host/app/', '/app'],
    ['http://localhost:4173/parley/', '/parley'],
    ['https://host', ''],
    ['https://host/', ''],
    ['/App/Sub/', '/App/Sub'],
  ])('%j → %j', (href, expected) => {
    expect(basePathFromHref(href)).toBe(expected);
  });
});

describe('readBasePath', () => {
  it('reads the <base> element of the document, and the root without one', () => {
    const doc = document.implementation.createHTMLDocument('t');
    expect(readBasePath(doc)).toBe('');
    const base = doc.createElement('base');
    base.setAttribute('href', 'https://example.com/parley/');
    doc.head.append(base);
    expect(readBasePath(doc)).toBe('/parley');
  });
});

describe('stripBase', () => {
  it.each([
    ['/', '', '/'],
    ['/chat/1', '', '/chat/1'],
    ['/app', '/app', '/'],
    ['/app/', '/app', '/'],
    ['/app/chat/1', '/app', '/chat/1'],
    ['/APP/chat/1', '/app', '/chat/1'],
    ['/app/chat/1', '/App', '/chat/1'],
    ['/other/chat/1', '/app', '/other/chat/1'],
  ])('%s without base %j is %s', (pathname, base, expected) => {
    expect(stripBase(pathname, base)).toBe(expected);
  });
});

describe('withBase', () => {
  it.each([
    ['/', '', '/'],
    ['/chat/1', '', '/chat/1'],
    ['/', '/app', '/app/'],
    ['/chat/1', '/app', '/app/chat/1'],
  ])('%s under %j is %s', (to, base, expected) => {
    expect(withBase(to, base)).toBe(expected);
  });
});
