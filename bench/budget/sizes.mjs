// Sizes from the build's metafile: what the home page loads at start, gzipped (-9) as served.
import * as esbuild from 'esbuild';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from '../../build.mjs';
import { staticClosure } from '../../src/lib/build-outputs.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** zlib's strongest level, as a server that precompresses would use. */
const GZIP_LEVEL = 9;
/** The first screen's page: the route table loads it before the home page shows. */
const HOME_CHUNK = 'home-page';
/** The page a shared chat link opens. */
const CHAT_CHUNK = 'chat-page';

const gzipSize = (bytes) => gzipSync(bytes, { level: GZIP_LEVEL }).length;
const fileGzip = async (file) => gzipSize(await readFile(path.join(ROOT, file)));


/** The JS output of the lazily imported module whose file is named `name`. */
function chunkFile(outputs, name) {
  return Object.keys(outputs).find((f) => f.endsWith('.js') && outputs[f].entryPoint && path.basename(f).startsWith(`${name}-`));
}

/** React and react-dom as the app uses them, minified alone: their share of the first screen. */
async function reactGzip() {
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    stdin: {
      contents: "export { createRoot } from 'react-dom/client'; export * from 'react'; export { jsx, jsxs, Fragment } from 'react/jsx-runtime';",
      resolveDir: ROOT,
      loader: 'js',
    },
    bundle: true,
    format: 'esm',
    minify: true,
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  return gzipSize(result.outputFiles[0].contents);
}

/**
 * Builds the app into `outDir` and measures: the first screen's JS (total and without React)
 * and CSS, and what opening a chat adds. Every figure is gzipped bytes.
 */
export async function measureSizes(outDir) {
  const { app, styles } = await build({ outDir });
  const outputs = app.outputs;
  const main = Object.keys(outputs).find((f) => outputs[f].entryPoint === 'src/main.tsx');
  const home = chunkFile(outputs, HOME_CHUNK);
  const chat = chunkFile(outputs, CHAT_CHUNK);
  const firstFiles = new Set([...staticClosure(outputs, main), ...staticClosure(outputs, home)]);
  const chatFiles = [...staticClosure(outputs, chat)].filter((f) => !firstFiles.has(f));
  const sum = async (files) => (await Promise.all([...files].map(fileGzip))).reduce((a, b) => a + b, 0);
  const js = await sum(firstFiles);
  const react = await reactGzip();
  const cssFiles = [styles.main, styles.chunks[HOME_CHUNK]].filter(Boolean);
  return {
    firstScreenJs: js,
    firstScreenOwnJs: js - react,
    firstScreenCss: await sum(cssFiles),
    react,
    chatPageJs: await sum(chatFiles),
    chatPageCss: await sum([styles.chunks[CHAT_CHUNK]].filter(Boolean)),
    files: await Promise.all([...firstFiles, ...cssFiles].map(async (f) => ({ file: path.basename(f), gzip: await fileGzip(f) }))),
  };
}
