// @vitest-environment node
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_HEADERS, SECURITY_HEADERS } from '../../src/server/security-headers.mjs';
import { normalizeBasePath, resolveRequestPath, startServer } from '../../src/server/static-server.mjs';

const INDEX = '<!doctype html><html><head><base href="/" /></head><body><main id="app"></main></body></html>';
const BIG_JS = `export const text = "${'parley '.repeat(500)}";`;

let folder: string;
let dist: string;
let servers: Awaited<ReturnType<typeof startServer>>[] = [];

/** Raw GET: node's http keeps the path exactly as written (fetch would normalise `..`). */
function get(port: number, rawPath: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: rawPath, headers, method }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'parley-serve-'));
  dist = path.join(folder, 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'sandbox.html'), '<!doctype html><title>sandbox</title>');
  await writeFile(path.join(dist, 'assets', 'sandbox.html'), '<!doctype html><title>not the sandbox</title>');
  await writeFile(path.join(dist, 'assets', 'main-ABCDEFGH.js'), BIG_JS);
  await writeFile(path.join(dist, 'assets', 'main-ABCDEFGH.css'), 'body{color:red}');
  await writeFile(path.join(dist, 'assets', 'stream-worker-ABCDEFGH.js'), 'self.onmessage = () => {};');
  await writeFile(path.join(folder, 'secret.txt'), 'TOP SECRET');
  await symlink(path.join(folder, 'secret.txt'), path.join(dist, 'assets', 'link.txt'));
  servers = [await startServer({ dir: dist, port: 0 }), await startServer({ dir: dist, port: 0, basePath: '/parley/' })];
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await rm(folder, { recursive: true, force: true });
});

const root = () => servers[0]!.port;
const sub = () => servers[1]!.port;

describe('normalizeBasePath', () => {
  it.each([
    ['', '/'],
    ['/', '/'],
    ['/parley', '/parley/'],
    ['parley/', '/parley/'],
    ['/a/b/', '/a/b/'],
  ])('%j → %j', (input, expected) => expect(normalizeBasePath(input)).toBe(expected));
});

describe('resolveRequestPath', () => {
  it.each([
    ['/', { segments: [] }],
    ['/assets/a.js', { segments: ['assets', 'a.js'] }],
    ['/chat/a%20b', { segments: ['chat', 'a b'] }],
    ['/chat/%E0%A4%A', { malformed: true }],
    ['/../secret.txt', { forbidden: true }],
    ['/%2e%2e/secret.txt', { forbidden: true }],
    ['/assets/%2E%2E/%2E%2E/secret.txt', { forbidden: true }],
    ['/assets%2f..%2fsecret.txt', { forbidden: true }],
    ['/..\\secret.txt', { forbidden: true }],
    ['/assets/%5c..%5csecret.txt', { forbidden: true }],
    ['/index.html%00.js', { forbidden: true }],
    ['/./index.html', { forbidden: true }],
  ])('%s', (raw, expected) => expect(resolveRequestPath(raw)).toEqual(expected));
});

describe('static server', () => {
  it('serves index.html with no-cache for the root and extension-less app addresses', async () => {
    for (const p of ['/', '/chat/abc', '/chat/%E0%A4%A', '/nowhere']) {
      const res = await get(root(), p);
      expect(res.status, p).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body.toString()).toContain('<main id="app">');
    }
  });

  it('serves hashed assets as immutable with the right content type', async () => {
    const js = await get(root(), '/assets/main-ABCDEFGH.js');
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const css = await get(root(), '/assets/main-ABCDEFGH.css');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('answers a missing asset with a real 404, not index.html', async () => {
    const res = await get(root(), '/assets/gone-ZZZZZZZZ.js');
    expect(res.status).toBe(404);
    expect(res.body.toString()).not.toContain('<main');
  });

  it('compresses with brotli or gzip as the client accepts', async () => {
    const br = await get(root(), '/assets/main-ABCDEFGH.js', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(BIG_JS);
    const gz = await get(root(), '/assets/main-ABCDEFGH.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(BIG_JS);
    const plain = await get(root(), '/assets/main-ABCDEFGH.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG_JS);
  });

  it('answers a matching ETag with 304', async () => {
    const first = await get(root(), '/');
    const again = await get(root(), '/', { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
  });

  it.each([
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/assets%2f..%2f..%2fsecret.txt',
    '/..%5csecret.txt',
    '/assets/..\\..\\secret.txt',
    '/index.html%00',
    '/%00',
    '/assets/link.txt',
  ])('never serves a file from outside dist/: %s', async (p) => {
    const res = await get(root(), p);
    expect([400, 404]).toContain(res.status);
    expect(res.body.toString()).not.toContain('TOP SECRET');
  });

  it('serves under BASE_PATH with the <base href> rewritten', async () => {
    const page = await get(sub(), '/parley/chat/abc');
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('<base href="/parley/" />');
    expect((await get(sub(), '/PARLEY/chat/abc')).status).toBe(200);
    expect((await get(sub(), '/parley')).status).toBe(200);
    expect((await get(sub(), '/parley/assets/main-ABCDEFGH.js')).status).toBe(200);
    expect((await get(sub(), '/assets/main-ABCDEFGH.js')).status).toBe(404);
    const bare = await get(sub(), '/');
    expect(bare.status).toBe(302);
    expect(bare.headers.location).toBe('/parley/');
  });
});

describe('security headers', () => {
  const expectSecurityHeaders = (headers: Record<string, string | string[] | undefined>, what: string) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers[name.toLowerCase()], `${what}: ${name}`).toBe(value);
  };

  it('holds the policies a framing page and a browser need', () => {
    expect(SECURITY_HEADERS['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(SECURITY_HEADERS['X-Frame-Options']).toBe('DENY');
    expect(SECURITY_HEADERS['Referrer-Policy']).toBe('no-referrer');
    expect(SECURITY_HEADERS['X-Content-Type-Options']).toBe('nosniff');
    expect(SECURITY_HEADERS['Permissions-Policy']).toContain('camera=()');
  });

  it.each([
    ['the page (200)', () => get(root(), '/'), 200],
    ['an app address (200)', () => get(root(), '/chat/abc'), 200],
    ['a script (200)', () => get(root(), '/assets/main-ABCDEFGH.js'), 200],
    // A dedicated worker's CSP comes from its own script's response, not from the page.
    ['the stream worker (200)', () => get(root(), '/assets/stream-worker-ABCDEFGH.js'), 200],
    ['a stylesheet (200)', () => get(root(), '/assets/main-ABCDEFGH.css'), 200],
    ['a HEAD request (200)', () => get(root(), '/', {}, 'HEAD'), 200],
    ['a missing asset (404)', () => get(root(), '/assets/gone-ZZZZZZZZ.js'), 404],
    ['a path outside the base (404)', () => get(sub(), '/elsewhere'), 404],
    ['a forbidden path (400)', () => get(root(), '/%2e%2e/secret.txt'), 400],
    ['a POST (405)', () => get(root(), '/', {}, 'POST'), 405],
    ['the redirect to the base (302)', () => get(sub(), '/'), 302],
  ])('are sent with %s', async (what, answer, status) => {
    const res = await answer();
    expect(res.status).toBe(status);
    expectSecurityHeaders(res.headers, what);
  });

  it('are sent with a 304 too', async () => {
    for (const p of ['/', '/assets/stream-worker-ABCDEFGH.js']) {
      const first = await get(root(), p);
      const again = await get(root(), p, { 'if-none-match': String(first.headers.etag) });
      expect(again.status).toBe(304);
      expectSecurityHeaders(again.headers, `304 for ${p}`);
    }
  });
});

describe('the artifact sandbox’s headers (issue 36)', () => {
  it.each([
    ['at the root', () => get(root(), '/sandbox.html')],
    ['under the base path', () => get(sub(), '/parley/sandbox.html')],
  ])('sandbox.html gets its own policy %s, and may be framed by Parley alone', async (_where, answer) => {
    const res = await answer();
    expect(res.status).toBe(200);
    for (const [name, value] of Object.entries(SANDBOX_HEADERS)) expect(res.headers[name.toLowerCase()], name).toBe(value);
    expect(res.headers['content-security-policy']).toMatch(/^sandbox allow-scripts;/);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('no other file gets it, not even one of the same name elsewhere', async () => {
    for (const p of ['/', '/assets/sandbox.html', '/assets/main-ABCDEFGH.js']) {
      const res = await get(root(), p);
      expect(res.headers['content-security-policy'], p).toBe(SECURITY_HEADERS['Content-Security-Policy']);
      expect(res.headers['x-frame-options'], p).toBe('DENY');
    }
  });
});
