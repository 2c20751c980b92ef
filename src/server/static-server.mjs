// Node-only: serves the built dist/ folder. Not part of the browser bundle.
//
// Our own ~150 lines rather than sirv or serve-static: we need to rewrite <base href> in
// index.html for BASE_PATH, to fall back to index.html only for extension-less addresses
// (sirv's `single` mode also answers missing assets with index.html, which turns a stale
// chunk into a confusing parse error instead of a 404), and to refuse encoded separators.
import { createHash } from 'node:crypto';
import { realpath, readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { SANDBOX_FILE, SANDBOX_HEADERS, SECURITY_HEADERS } from './security-headers.mjs';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.zip': 'application/zip',
};
/** Types worth compressing; fonts and images are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt', '.wasm']);
/** Below this, compression costs more than it saves. */
const MIN_COMPRESS_BYTES = 1024;
/**
 * Past this size a file is compressed at Brotli quality 7, not the default 11: the sandbox's Mermaid
 * runtime (3.5 MB) took 6.5 s at 11 and 0.2 s at 7, a few per cent larger, and its first preview waited for it.
 */
const LARGE_BODY_BYTES = 512 * 1024;
const LARGE_BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 7 } };
/** esbuild's content hash: 8 upper-case base32 characters after a dash. */
const HASHED_NAME = /-[A-Z0-9]{8}\.[a-z0-9]+$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** '/parley' or 'parley/' → '/parley/'; '' and '/' → '/'. */
export function normalizeBasePath(value) {
  const trimmed = String(value ?? '').trim().replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}/`;
}

/**
 * Maps a raw request path (already without the base) to path segments under dist/.
 * Returns { segments } for a safe path, { malformed: true } when the percent-encoding is
 * broken, or { forbidden: true } for anything that tries to leave dist/.
 */
export function resolveRequestPath(rawPath) {
  // Encoded separators, backslashes and NUL have no business in a URL path of ours.
  if (/%2f|%5c|%00|\\|\0/i.test(rawPath)) return { forbidden: true };
  let decoded;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { malformed: true };
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return { forbidden: true };
  const segments = decoded.split('/').filter((s) => s !== '');
  if (segments.some((s) => s === '..' || s === '.')) return { forbidden: true };
  return { segments };
}

const hasExtension = (rawPath) => /\.[^/]*$/.test(rawPath.split('/').pop() ?? '');

export async function startServer({ dir, port = 4173, host = '127.0.0.1', basePath = '/' }) {
  const root = await realpath(dir);
  const base = normalizeBasePath(basePath);
  const cache = new Map();

  async function load(file) {
    const info = await stat(file);
    if (!info.isFile()) return null;
    const real = await realpath(file);
    // A symlink inside dist/ must not lead outside it.
    if (real !== root && !real.startsWith(root + path.sep)) return null;
    const key = `${real}:${info.mtimeMs}`;
    let entry = cache.get(key);
    if (!entry) {
      let body = await readFile(real);
      if (path.basename(real) === 'index.html') {
        body = Buffer.from(body.toString('utf8').replace(/<base href="[^"]*"\s*\/?>/, `<base href="${base}" />`));
      }
      entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, variants: new Map() };
      cache.set(key, entry);
    }
    return { ...entry, ext: path.extname(real).toLowerCase(), name: path.basename(real), sandbox: real === path.join(root, SANDBOX_FILE) };
  }

  async function encoded(entry, acceptEncoding) {
    if (!COMPRESSIBLE.has(entry.ext) || entry.body.length < MIN_COMPRESS_BYTES) return { body: entry.body };
    const encoding = /\bbr\b/.test(acceptEncoding) ? 'br' : /\bgzip\b/.test(acceptEncoding) ? 'gzip' : null;
    if (!encoding) return { body: entry.body };
    if (!entry.variants.has(encoding)) {
      entry.variants.set(encoding, await (encoding === 'br' ? brotli(entry.body, entry.body.length > LARGE_BODY_BYTES ? LARGE_BROTLI : {}) : gzip(entry.body)));
    }
    return { body: entry.variants.get(encoding), encoding };
  }

  async function send(req, res, entry, status = 200) {
    const headers = {
      'Content-Type': CONTENT_TYPES[entry.ext] ?? 'application/octet-stream',
      'Cache-Control': HASHED_NAME.test(entry.name) ? IMMUTABLE : 'no-cache',
      ETag: entry.etag,
      Vary: 'Accept-Encoding',
      // The artifact sandbox (issue 36) has its own policy: an opaque origin, framed by Parley only.
      ...(entry.sandbox ? SANDBOX_HEADERS : SECURITY_HEADERS),
    };
    if (status === 200 && req.headers['if-none-match'] === entry.etag) {
      res.writeHead(304, headers).end();
      return;
    }
    const { body, encoding } = await encoded(entry, String(req.headers['accept-encoding'] ?? ''));
    if (encoding) headers['Content-Encoding'] = encoding;
    headers['Content-Length'] = body.length;
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  const plain = (res, status, text) =>
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache', ...SECURITY_HEADERS }).end(text);

  async function handle(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'Method not allowed');
    const rawUrl = req.url ?? '/';
    // Only the path matters; it stays percent-encoded until resolveRequestPath decodes it once.
    let rawPath = rawUrl.split(/[?#]/)[0] ?? '/';
    if (!rawPath.startsWith('/')) return plain(res, 400, 'Bad request');
    if (base !== '/') {
      const bare = base.slice(0, -1);
      if (rawPath.toLowerCase() === bare.toLowerCase()) rawPath = '/';
      else if (rawPath.toLowerCase().startsWith(base.toLowerCase())) rawPath = rawPath.slice(bare.length);
      else if (rawPath === '/') return res.writeHead(302, { Location: base, ...SECURITY_HEADERS }).end();
      else return plain(res, 404, 'Not found');
    }
    const resolved = resolveRequestPath(rawPath);
    if (resolved.forbidden) return plain(res, 400, 'Bad request');
    const index = () => load(path.join(root, 'index.html'));
    if (resolved.segments) {
      const entry = await load(path.join(root, ...resolved.segments)).catch(() => null);
      if (entry) return send(req, res, entry);
    }
    // History-mode fallback: app addresses have no extension; a missing asset is a real 404.
    if (!hasExtension(rawPath)) {
      const entry = await index();
      if (entry) return send(req, res, entry);
    }
    return plain(res, 404, 'Not found');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      console.error(error);
      if (!res.headersSent) plain(res, 500, 'Internal server error');
      else res.destroy();
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const shownHost = host === '127.0.0.1' || host === '0.0.0.0' ? 'localhost' : host;
  return {
    url: `http://${shownHost}:${address.port}${base}`,
    port: address.port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
