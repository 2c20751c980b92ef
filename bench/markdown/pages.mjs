// The benchmark pages, shared by run.mjs (cost) and flicker.mjs (what a streaming render shows):
// one production bundle per renderer, served cross-origin isolated.
import * as esbuild from 'esbuild';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The renderers, in the order they run in each round. `stride` 1 measures every update; a peer
 * too slow for that is measured on every stride-th update (evenly spread samples) and its totals
 * are scaled by the stride — the table says so.
 */
export const RENDERERS = [
  { name: 'floor', label: 'Floor (plain blocks)', stride: 1 },
  { name: 'parley', label: 'Parley', stride: 1 },
  { name: 'streamdown', label: 'Streamdown', stride: 10 },
  { name: 'react-markdown', label: 'react-markdown + remark-gfm', stride: 100 },
];
export const VIEWPORT = { width: 1280, height: 800 };
/** A chat column's width: layout cost depends on it. */
const MESSAGE_WIDTH_PX = 760;
/** Production bundles of the four pages (minified, NODE_ENV=production) in a temporary directory. */
export async function buildPages(outDir) {
  const entryPoints = Object.fromEntries(RENDERERS.map(({ name }) => [name, path.join(root, `bench/markdown/page/${name}.tsx`)]));
  await esbuild.build({
    absWorkingDir: root,
    entryPoints,
    outdir: outDir,
    bundle: true,
    format: 'esm',
    splitting: true,
    minify: true,
    jsx: 'automatic',
    target: ['es2022', 'chrome111'],
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.woff2': 'file', '.woff': 'file', '.ttf': 'file', '.svg': 'file' },
    logLevel: 'warning',
  });
  const styles = (await Promise.all(['src/styles/tokens.css', 'src/styles/base.css'].map((file) => readFile(path.join(root, file), 'utf8')))).join('\n');
  await writeFile(path.join(outDir, 'page.css'), `${styles}\n#stage { width: ${MESSAGE_WIDTH_PX}px; margin: 0 auto; }\n.floor-paragraph { white-space: pre-wrap; }\n`);
  for (const { name } of RENDERERS) {
    const css = existsSync(path.join(outDir, `${name}.css`)) ? `<link rel="stylesheet" href="${name}.css">` : '';
    await writeFile(
      path.join(outDir, `${name}.html`),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name}</title><link rel="stylesheet" href="page.css">${css}` +
        `<script type="module" src="${name}.js"></script></head><body><main id="stage"></main></body></html>`,
    );
  }
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.woff2': 'font/woff2', '.woff': 'font/woff', '.ttf': 'font/ttf' };

/** A static server that makes the page cross-origin isolated: performance.now() then has 5 µs resolution instead of 100 µs. */
export function serve(dir) {
  const server = createServer(async (request, response) => {
    const file = path.join(dir, decodeURIComponent(new URL(request.url, 'http://x').pathname));
    if (!file.startsWith(dir)) return void response.writeHead(403).end();
    try {
      const body = await readFile(file);
      response.writeHead(200, {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-embedder-policy': 'require-corp',
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

