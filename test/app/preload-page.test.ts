import { afterEach, describe, expect, it } from 'vitest';
import { PAGES_META_NAME, preloadCurrentPage } from '../../src/app/preload-page';

const META = 'home-page=assets/home-page-A.js,assets/home-page-B.css chat-page=assets/chat-page-C.js,assets/chunk-D.js,assets/chat-page-E.css';

function setUp(base: string | null) {
  document.head.innerHTML = '';
  if (base !== null) {
    const element = document.createElement('base');
    element.setAttribute('href', base);
    document.head.append(element);
  }
  const meta = document.createElement('meta');
  meta.name = PAGES_META_NAME;
  meta.content = META;
  document.head.append(meta);
}

const preloads = () =>
  [...document.head.querySelectorAll('link')].map((link) => `${link.rel}${link.rel === 'preload' ? `:${link.as}` : ''} ${link.getAttribute('href')}`);

afterEach(() => {
  document.head.innerHTML = '';
});

describe('preloadCurrentPage', () => {
  it('preloads the home page and its stylesheet at the root, and nothing of the chat page', () => {
    setUp('/');
    preloadCurrentPage(document, '/');
    expect(preloads()).toEqual(['modulepreload assets/home-page-A.js', 'preload:style assets/home-page-B.css']);
  });

  it('preloads the chat page and its chunks for a chat address under a base path', () => {
    setUp('/parley/');
    preloadCurrentPage(document, '/Parley/chat/abc');
    expect(preloads()).toEqual([
      'modulepreload assets/chat-page-C.js',
      'modulepreload assets/chunk-D.js',
      'preload:style assets/chat-page-E.css',
    ]);
  });

  it('preloads nothing for an address no page serves', () => {
    setUp(null);
    preloadCurrentPage(document, '/chat/abc/extra');
    preloadCurrentPage(document, '/settings');
    expect(preloads()).toEqual([]);
  });

  it('does nothing without the build’s list (unit tests, the bench pages)', () => {
    document.head.innerHTML = '';
    preloadCurrentPage(document, '/');
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });
});
