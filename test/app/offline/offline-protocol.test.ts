import { describe, expect, it } from 'vitest';
import { buildsToKeep, filesListedIn, filesToForget, isHashedFile, isShellAddress, requestRoute, strayFiles, type RequestFacts } from '../../../src/app/offline/offline-protocol';

describe('the service worker’s sorting rules (issue 26)', () => {
  it.each([
    ['/assets/chat-page-YOU2T3JP.js', true],
    ['/parley/assets/main-ABCDEFGH.css', true],
    ['/assets/inter-latin-400-normal-Z2X3Y4W5.woff2', true],
    ['/manifest.webmanifest', false],
    ['/icons/icon-192.png', false],
    ['/assets/chat-page-you2t3jp.js', false],
    ['/assets/seed.txt', false],
  ])('%s is hashed: %s', (pathname, hashed) => {
    expect(isHashedFile(pathname)).toBe(hashed);
  });

  it.each([
    ['/', true],
    ['/chat/abc', true],
    ['/parley/', true],
    ['/parley/chat/x.y-z', false],
    ['/oauth-callback.html', false],
    ['/assets/not-the-app.txt', false],
  ])('%s is one of the app’s addresses: %s', (pathname, shell) => {
    expect(isShellAddress(pathname)).toBe(shell);
  });

  it('lists what index.html loads itself, under the base, and not what a <meta> names', () => {
    const html = [
      '<base href="/parley/" />',
      '<link rel="manifest" href="manifest.webmanifest" />',
      '<link rel="icon" href="icons/icon-32.png" sizes="32x32" />',
      '<link rel="preconnect" href="https://example.com" />',
      '<link rel="icon" href="data:," />',
      '<script type="module" src="assets/main-AAAAAAAA.js"></script>',
      '<link rel="modulepreload" href="assets/chunk-BBBBBBBB.js" />',
      '<link rel="modulepreload" href="assets/chunk-BBBBBBBB.js" />',
      '<meta name="parley-pages" content="chat-page=assets/chat-page-CCCCCCCC.js" />',
    ].join('\n');
    expect(filesListedIn(html, 'http://127.0.0.1:4173/parley/')).toEqual([
      'http://127.0.0.1:4173/parley/manifest.webmanifest',
      'http://127.0.0.1:4173/parley/icons/icon-32.png',
      'http://127.0.0.1:4173/parley/assets/main-AAAAAAAA.js',
      'http://127.0.0.1:4173/parley/assets/chunk-BBBBBBBB.js',
    ]);
  });
});

describe('the service worker’s pruning rules', () => {
  it('keeps this build and the one before it, newest first', () => {
    expect(buildsToKeep('c', ['b', 'a'])).toEqual(['c', 'b']);
    expect(buildsToKeep('c', [])).toEqual(['c']);
    // The same build again (a worker reinstalled): not counted twice.
    expect(buildsToKeep('b', ['b', 'a'])).toEqual(['b', 'a']);
  });

  it('forgets a hashed asset no kept build lists, and nothing else', () => {
    const base = 'https://example.test/parley/';
    const kept = [
      `${base}assets/main-AAAAAAAA.js`,
      `${base}assets/chat-page-BBBBBBBB.js`,
      `${base}assets/chat-page-CCCCCCCC.js`,
      `${base}assets/old-settings-DDDDDDDD.css`,
      `${base}manifest.webmanifest`,
      `${base}icons/icon-192.png`,
      'https://example.test/assets/main-EEEEEEEE.js',
    ];
    const current = ['main-AAAAAAAA.js', 'chat-page-CCCCCCCC.js'];
    const previous = ['main-AAAAAAAA.js', 'chat-page-BBBBBBBB.js'];
    expect(filesToForget(kept, [current, previous], base)).toEqual([`${base}assets/old-settings-DDDDDDDD.css`]);
    expect(filesToForget(kept, [current], base)).toEqual([`${base}assets/chat-page-BBBBBBBB.js`, `${base}assets/old-settings-DDDDDDDD.css`]);
  });
});

describe('what the service worker keeps: the build’s files only (issue 32)', () => {
  const scope = 'https://chat.example/parley/';
  const files = new Set(['assets/main-AAAAAAAA.js', 'assets/chat-page-BBBBBBBB.css', 'manifest.webmanifest', 'icons/icon-192.png', 'sandbox.html']);
  const request = (url: string, { method = 'GET', mode = 'cors', headers = {} as Record<string, string> } = {}): RequestFacts => ({
    method,
    url: new URL(url, scope).href,
    mode,
    headers: new Headers(headers),
  });
  const key = { authorization: 'Bearer sk-secret' };

  it.each([
    ['a hashed file of the build', request('assets/main-AAAAAAAA.js', { mode: 'same-origin' }), 'hashed-file'],
    ['a stylesheet of the build', request('assets/chat-page-BBBBBBBB.css', { mode: 'no-cors' }), 'hashed-file'],
    ['the manifest', request('manifest.webmanifest'), 'file'],
    ['an icon', request('icons/icon-192.png', { mode: 'no-cors' }), 'file'],
    ['the app’s address, navigated to', request('chat/abc', { mode: 'navigate' }), 'shell'],
    ['the scope itself, navigated to', request('', { mode: 'navigate' }), 'shell'],
    // A model API behind the same origin (a reverse proxy at /v1): never kept, with or without its key.
    ['GET /v1/models with the key', request('v1/models', { headers: key }), 'network'],
    ['GET /v1/models without a key', request('v1/models'), 'network'],
    ['a connection’s file-like address', request('v1/files/report.json'), 'network'],
    ['a build file asked for with a key', request('assets/main-AAAAAAAA.js', { headers: key }), 'network'],
    ['a build file with a query', request('assets/main-AAAAAAAA.js?v=2'), 'network'],
    ['a hashed-looking name not in the build', request('assets/other-CCCCCCCC.js'), 'network'],
    ['a file of the build’s name in another folder', request('v1/assets/main-AAAAAAAA.js'), 'network'],
    ['the OAuth callback page, opened in the tab', request('oauth-callback.html', { mode: 'navigate' }), 'network'],
    // Issue 36: the artifact sandbox framed by the chat page is kept (with its headers) for offline previews.
    ['the sandbox document, navigated to in its frame', request('sandbox.html', { mode: 'navigate' }), 'file'],
    ['the sandbox document with a query', request('sandbox.html?x=1', { mode: 'navigate' }), 'network'],
    ['a document not of the build, navigated to', request('other.html', { mode: 'navigate' }), 'network'],
    ['a POST', request('assets/main-AAAAAAAA.js', { method: 'POST' }), 'network'],
    ['a range request', request('assets/main-AAAAAAAA.js', { headers: { range: 'bytes=0-10' } }), 'network'],
    ['another origin', request('https://cdn.example/parley/assets/main-AAAAAAAA.js'), 'network'],
    ['this origin outside the scope', request('/assets/main-AAAAAAAA.js'), 'network'],
  ])('%s', (_what, facts, route) => {
    expect(requestRoute(facts, scope, files)).toBe(route);
  });
});

describe('what an older worker kept that is not a build’s file', () => {
  it('is found to be removed: an API answer, a file outside assets/ not of this build; the assets and this build’s manifest and icons stay', () => {
    const base = 'http://127.0.0.1:4173/parley/';
    const kept = [
      `${base}assets/main-AAAAAAAA.js`,
      `${base}manifest.webmanifest`,
      `${base}icons/icon-192.png`,
      `${base}v1/models`,
      `${base}icons/old-icon.png`,
    ];
    expect(strayFiles(kept, ['manifest.webmanifest', 'icons/icon-192.png'], base)).toEqual([`${base}v1/models`, `${base}icons/old-icon.png`]);
  });
});
