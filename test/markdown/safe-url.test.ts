import { describe, expect, it } from 'vitest';
import { classifyImageSource, safeLinkHref } from '../../src/markdown';

describe('safeLinkHref lets only http, https and mailto through', () => {
  it.each([
    ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
    ['http://example.com', 'http://example.com'],
    ['mailto:someone@example.com', 'mailto:someone@example.com'],
    ['HTTPS://EXAMPLE.COM', 'HTTPS://EXAMPLE.COM'],
    ['https://example.com/?a=1&amp;b=2', 'https://example.com/?a=1&b=2'],
    ['  https://example.com  ', 'https://example.com'],
    // As written, only percent-encoded: a backslash is not turned into the `/` browsers read it as.
    ['https://example.com/\\[\\', 'https://example.com/%5C%5B%5C'],
    ['https://example.com?find=\\*', 'https://example.com?find=%5C*'],
    ['https://example.com/ä b`', 'https://example.com/%C3%A4%20b%60'],
    ['https://example.com/%20ok%zz', 'https://example.com/%20ok%25zz'],
  ])('%s → %s', (href, expected) => {
    expect(safeLinkHref(href)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'jav&#x09;ascript:alert(1)',
    'jav&#9;ascript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'javascript&colon;alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'ftp://example.com/file',
    '/relative/path',
    '#anchor',
    'example.com',
    '',
  ])('%s stays plain text', (href) => {
    expect(safeLinkHref(href)).toBeNull();
  });

  it('takes an autolink literally (no character references in it)', () => {
    expect(safeLinkHref('https://example.com/?q=&amp;', true)).toBe('https://example.com/?q=&amp;');
  });
});

describe('classifyImageSource', () => {
  it.each([
    ['https://example.com/cat.png', { kind: 'remote', src: 'https://example.com/cat.png', host: 'example.com' }],
    ['HTTPS://Example.com/a b.png', { kind: 'remote', src: 'HTTPS://Example.com/a%20b.png', host: 'example.com' }],
    ['http://img.example.org:8080/a.gif', { kind: 'remote', src: 'http://img.example.org:8080/a.gif', host: 'img.example.org:8080' }],
    ['data:image/png;base64,iVBORw0KGgo=', { kind: 'inline', src: 'data:image/png;base64,iVBORw0KGgo=' }],
    ['data:image/webp;base64,UklGRg==', { kind: 'inline', src: 'data:image/webp;base64,UklGRg==' }],
    ['data:image/svg+xml,<svg onload="alert(1)"/>', { kind: 'blocked' }],
    ['data:text/html,<script>alert(1)</script>', { kind: 'blocked' }],
    ['javascript:alert(1)', { kind: 'blocked' }],
    ['/local.png', { kind: 'blocked' }],
    ['file:///etc/hosts', { kind: 'blocked' }],
  ])('%s', (href, expected) => {
    expect(classifyImageSource(href)).toEqual(expected);
  });
});
