// @vitest-environment node
// The search doctor (issue 37) against the SearXNG test server in each mode, through a fetch that
// keeps the browser's CORS rule: each failure told apart, with its one line and its exact fix.
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSearxngServer, type RunningSearxngServer } from '../../support/searxng-server/index.mjs';
import { diagnoseSearxng, diagnosisLine } from '../../../src/chat/web-search/search-doctor';
import { browserFetch } from './browser-fetch';

const PAGE = 'https://parley.example';
let searxng: RunningSearxngServer;
beforeAll(async () => {
  searxng = await startSearxngServer();
});
afterAll(() => searxng.close());
beforeEach(() => searxng.reset());

const check = (address = searxng.url, pageOrigin = PAGE) => diagnoseSearxng(address, { fetch: browserFetch(pageOrigin), pageOrigin });

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('the search doctor', () => {
  it('says a working instance works, with how many results the test query brought', async () => {
    expect(await check()).toEqual({ kind: 'working', results: 8, message: 'SearXNG works: 8 results for “SearXNG”.' });
    expect(searxng.requests.map((r) => r.query)).toEqual([{ q: 'SearXNG', format: 'json' }]);
  });

  it('tells JSON output turned off (403 to JSON, the page answers) and shows the settings.yml lines', async () => {
    searxng.setMode('json-off');
    const found = await check();
    expect(found).toMatchObject({ kind: 'json-off', status: 403, message: 'SearXNG answers 403 Forbidden to format=json: its JSON output is turned off.' });
    expect(found.fix).toBe('Add json to search.formats in SearXNG’s settings.yml, then restart SearXNG.');
    expect(found.config).toEqual([{ file: 'settings.yml', text: 'search:\n  formats:\n    - html\n    - json' }]);
    // The second request is SearXNG's own page, without a format.
    expect(searxng.requests.map((r) => r.query)).toEqual([{ q: 'SearXNG', format: 'json' }, { q: 'SearXNG' }]);
  });

  it('tells a missing CORS header from no answer, and gives the proxy lines with this page’s origin', async () => {
    searxng.setMode('no-cors');
    const found = await check();
    expect(found.kind).toBe('no-cors');
    expect(found.message).toBe('SearXNG answers, but without an Access-Control-Allow-Origin header, so the browser keeps its answer from Parley.');
    expect(found.config).toEqual([
      { file: 'nginx', text: 'add_header Access-Control-Allow-Origin "https://parley.example" always;' },
      { file: 'Caddy', text: 'header Access-Control-Allow-Origin "https://parley.example"' },
    ]);
    expect(diagnosisLine(found)).toContain('Add the header for this page’s origin (https://parley.example) in the reverse proxy');
  });

  it('tells an instance that refuses programs (429 from the limiter, or 403 to its own page too)', async () => {
    searxng.setMode('limited');
    const found = await check();
    expect(found).toMatchObject({ kind: 'refused', status: 429, message: 'SearXNG refuses requests from programs (HTTP 429): its limiter or bot detection is on.' });
    expect(found.fix).toContain('server.limiter in settings.yml');
    const forbidding: typeof fetch = async () => new Response('blocked', { status: 403, headers: { 'access-control-allow-origin': '*' } });
    expect(await diagnoseSearxng(searxng.url, { fetch: forbidding, pageOrigin: PAGE })).toMatchObject({ kind: 'refused', status: 403 });
  });

  it('tells no answer at all, an answer that is not SearXNG’s, another status, and a bad address', async () => {
    const port = await closedPort();
    expect(await check(`http://127.0.0.1:${port}/`)).toMatchObject({ kind: 'unreachable', message: 'No answer from the address.' });
    const never: typeof fetch = (_input, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    expect(await diagnoseSearxng(searxng.url, { fetch: never, timeoutMs: 20, pageOrigin: PAGE })).toMatchObject({ kind: 'unreachable', timedOut: true, message: 'No answer from the address within 15 s.' });
    const page: typeof fetch = async () => new Response('<html>sign in</html>', { status: 200, headers: { 'access-control-allow-origin': '*' } });
    expect(await diagnoseSearxng(searxng.url, { fetch: page, pageOrigin: PAGE })).toMatchObject({ kind: 'not-searxng' });
    expect(await check(`${searxng.origin}/elsewhere/`)).toMatchObject({ kind: 'http-error', status: 404, message: 'The address answers HTTP 404 to a search.' });
    expect(await check('searx.example')).toMatchObject({ kind: 'bad-address' });
  });

  it('tells mixed content before asking: an http address from an https page, except this device’s own', async () => {
    expect(await check('http://searx.lan:8080/')).toMatchObject({ kind: 'mixed-content', message: 'Parley is open over https, and the browser blocks its requests to an http address.' });
    expect(searxng.requests).toEqual([]);
    // Loopback is trustworthy: the https page may ask it, and the test server is one.
    expect((await check()).kind).toBe('working');
    expect((await check('http://searx.lan:8080/', 'http://parley.lan')).kind).toBe('unreachable');
  });
});
