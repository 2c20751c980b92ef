// @vitest-environment node
// Parley's SearXNG client (issue 37) against the SearXNG test server: the address it asks, the
// results it keeps, and a typed failure for each way a search goes wrong.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSearxngServer, SEARXNG_RESULTS, type RunningSearxngServer } from '../../support/searxng-server/index.mjs';
import { MAX_SEARXNG_RESULTS, searchSearxng, searxngResults, searxngSearchUrl, SearxngError } from '../../../src/chat/web-search/searxng-client';
import { browserFetch } from './browser-fetch';

let searxng: RunningSearxngServer;
beforeAll(async () => {
  searxng = await startSearxngServer();
});
afterAll(() => searxng.close());
beforeEach(() => searxng.reset());

const failure = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('the search succeeded'), (error: unknown) => error as SearxngError);

describe('the search address', () => {
  it('is {base}/search?q=…&format=json, whether the base ends with /, /search or a path of its own', () => {
    expect(searxngSearchUrl('https://searx.example', 'a b')?.href).toBe('https://searx.example/search?q=a+b&format=json');
    expect(searxngSearchUrl('https://searx.example/', 'x')?.href).toBe('https://searx.example/search?q=x&format=json');
    expect(searxngSearchUrl('https://searx.example/search', 'x')?.href).toBe('https://searx.example/search?q=x&format=json');
    expect(searxngSearchUrl('https://example.org/searx/', 'x')?.href).toBe('https://example.org/searx/search?q=x&format=json');
    expect(searxngSearchUrl('https://example.org/searx/search/?lang=en#top', 'x')?.href).toBe('https://example.org/searx/search?q=x&format=json');
    expect(searxngSearchUrl('http://localhost:8888', 'x', 'html')?.href).toBe('http://localhost:8888/search?q=x');
  });

  it('is none for what is not an http(s) address, or carries a password', () => {
    for (const bad of ['searx.example', 'ftp://searx.example/', 'javascript:alert(1)', 'https://me:secret@searx.example/', '']) expect(searxngSearchUrl(bad, 'x')).toBeUndefined();
  });
});

describe('a search', () => {
  it('asks the instance for JSON and gives its results as cleaned citations, in order', async () => {
    expect((await searchSearxng(`${searxng.origin}/searx/`, 'prefixed')).length).toBe(8);
    searxng.reset();
    const results = await searchSearxng(searxng.url, 'local models');
    expect(searxng.requests).toEqual([{ method: 'GET', path: '/search', query: { q: 'local models', format: 'json' } }]);
    expect(results.map((r) => r.url)).toEqual(SEARXNG_RESULTS.map((r) => r.url));
    expect(results[0]).toEqual({ url: SEARXNG_RESULTS[0]!.url, title: SEARXNG_RESULTS[0]!.title, citedText: `${SEARXNG_RESULTS[0]!.title}: what this page says about local models.` });
  });

  it('keeps http(s) results only, as plain text, once each, at most ten', () => {
    const results = searxngResults({
      results: [
        { url: 'javascript:alert(1)', title: 'x' },
        { url: 'https://a.example/', title: 'A\u202e <b>bold</b>\n', content: 'one\u0000 two' },
        { url: 'https://a.example/', title: 'again' },
        'not a result',
        ...Array.from({ length: 20 }, (_, i) => ({ url: `https://r${i}.example/` })),
      ],
    })!;
    expect(results).toHaveLength(MAX_SEARXNG_RESULTS);
    expect(results[0]).toEqual({ url: 'https://a.example/', title: 'A <b>bold</b>', citedText: 'one two' });
    expect(results[1]).toEqual({ url: 'https://r0.example/' });
    expect(searxngResults({ answers: [] })).toBeUndefined();
  });

  it('fails with the status SearXNG answered: 403 with JSON off, 429 from the limiter', async () => {
    searxng.setMode('json-off');
    expect(await failure(searchSearxng(searxng.url, 'x'))).toMatchObject({ kind: 'status', status: 403 });
    searxng.setMode('limited');
    expect(await failure(searchSearxng(searxng.url, 'x'))).toMatchObject({ kind: 'status', status: 429 });
  });

  it('fails as network when the browser hides an answer without a CORS header, and as not-searxng for another page', async () => {
    searxng.setMode('no-cors');
    expect(await failure(searchSearxng(searxng.url, 'x', { fetch: browserFetch('https://parley.example') }))).toMatchObject({ kind: 'network' });
    searxng.setMode('working');
    // The instance's own page is not its JSON.
    expect(await failure(searchSearxng(`${searxng.url}search?`, 'x', { fetch: (input, init) => fetch(String(input).replace('format=json', 'format=html'), init) }))).toMatchObject({ kind: 'not-searxng' });
    expect(await failure(searchSearxng('not an address', 'x'))).toMatchObject({ kind: 'address' });
  });

  it('fails as timeout past its limit, and with the caller’s reason when stopped', async () => {
    const never: typeof fetch = (_input, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    expect(await failure(searchSearxng(searxng.url, 'x', { fetch: never, timeoutMs: 20 }))).toMatchObject({ kind: 'timeout' });
    const stop = new AbortController();
    const stopped = failure(searchSearxng(searxng.url, 'x', { fetch: never, signal: stop.signal }));
    stop.abort(new DOMException('Stopped', 'AbortError'));
    expect(await stopped).toMatchObject({ name: 'AbortError', message: 'Stopped' });
  });
});
