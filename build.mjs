// Parley's build and static server, one command line:
//   node build.mjs            build dist/
//   node build.mjs --watch    build, then rebuild on every change
//   node build.mjs --serve    build, then serve dist/ (PORT, BASE_PATH)
//   node build.mjs --serve --no-build   serve the dist/ that is there
//   --gallery (or PARLEY_GALLERY=1)     include the /ui component gallery (development only)
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildChunkStyles } from './src/lib/build-styles.mjs';
import { staticClosure } from './src/lib/build-outputs.mjs';
import { warmFiles } from './src/lib/warm-files.mjs';
import { startChunkPlugin } from './src/lib/start-chunk-plugin.mjs';
import { PAGE_POLICY, SANDBOX_FILE, SANDBOX_META_POLICY } from './src/server/security-headers.mjs';
import { appIconFiles } from './src/server/app-icons.mjs';
import { startServer } from './src/server/static-server.mjs';
import { ICONS_DIR, MANIFEST_FILE, webManifest } from './src/server/web-manifest.mjs';
import { iconsEsbuildPlugin } from './src/ui/icon/icons-plugin.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(root, 'dist');
/** The marker in index.html that the build replaces with the asset tags. */
const ASSETS_MARKER = '<!-- parley:assets -->';
/** The marker the build replaces with the Content-Security-Policy <meta> (policy text: src/server/security-headers.mjs). */
const CSP_MARKER = '<!-- parley:csp -->';
/** Browsers with native ESM, dynamic import, top-level await and :has() — everything we rely on. */
const TARGET = ['es2022', 'chrome111', 'edge111', 'firefox121', 'safari16.4'];

/**
 * The workers, each its own bundle, built first so the app knows their hashed names: the stream
 * worker, the search worker (the full-text index library is bundled there and nowhere else), the
 * image worker (attachments are downscaled off the page's thread), pdf.js's own worker, the
 * import worker (a whole export is parsed and written off the page's thread) and sync's pull
 * worker (PouchDB's replication from the server into the replica, off the page's thread).
 */
const WORKERS = {
  stream: 'src/chat/providers/stream-worker.ts',
  search: 'src/chat/search-index/search-worker.ts',
  image: 'src/chat/attachments/image-worker.ts',
  pdf: 'node_modules/pdfjs-dist/legacy/build/pdf.worker.mjs',
  import: 'src/chat/import/import-worker.ts',
  sync: 'src/chat/sync/pull-worker.ts',
};
const workerOptionsFor = (outDir) => ({
  absWorkingDir: root,
  entryPoints: Object.fromEntries(Object.entries(WORKERS).map(([name, file]) => [`${name}-worker`, file])),
  outdir: path.join(outDir, 'assets'),
  bundle: true,
  format: 'esm',
  // PouchDB (the pull worker) imports Node's 'events', as on the page.
  alias: { events: './src/lib/event-emitter.ts' },
  minify: process.env.PARLEY_NO_MINIFY !== '1',
  sourcemap: true,
  metafile: true,
  target: TARGET,
  entryNames: '[name]-[hash]',
  legalComments: 'linked',
  logLevel: 'warning',
});

/**
 * The sandbox's runtimes (issue 36, docs/sandbox.md): React for JSX previews, the JSX/TS transform
 * (Sucrase), Mermaid. Each a classic script of its own in assets/ (hashed: the service worker keeps
 * it on first use like any hashed file, and forgets it with its build), never warmed ahead (they are
 * big, and few chats need them), never loaded by the first screen. The app fetches one on a preview's
 * first need and hands its text to the sandbox, which runs it inline in the artifact's frame.
 */
const RUNTIMES = {
  react: 'src/sandbox/runtimes/react-runtime.ts',
  'jsx-transform': 'src/sandbox/runtimes/jsx-transform.ts',
  mermaid: 'src/sandbox/runtimes/mermaid-runtime.ts',
  python: 'src/sandbox/runtimes/python-runtime.ts',
};

/**
 * Pyodide's files besides its runtime script (src/lib/sandbox-wire.ts PYTHON_FILES), copied from its
 * package into assets/ under hashed names (kept by the service worker on first use, like any
 * hashed file). The app fetches them for a Python run's first need and hands their bytes over.
 */
const PYTHON_FILES = {
  'pyodide.asm.wasm': ['pyodide', '.wasm'],
  'python_stdlib.zip': ['python-stdlib', '.zip'],
  'pyodide-lock.json': ['pyodide-lock', '.json'],
};
async function copyPythonFiles(outDir) {
  const urls = {};
  await Promise.all(
    Object.entries(PYTHON_FILES).map(async ([name, [stem, extension]]) => {
      const bytes = await readFile(path.join(root, 'node_modules/pyodide', name));
      // The same alphabet as esbuild's hashes, so the service worker knows it never changes.
      const hash = createHash('sha256').update(bytes).digest('base64').replace(/[^A-Z0-9]/g, '').slice(0, 8).padEnd(8, '0');
      const file = `assets/${stem}-${hash}${extension}`;
      await writeFile(path.join(outDir, file), bytes);
      urls[name] = file;
    }),
  );
  return urls;
}
/** Pyodide's Emscripten module by its file: the package's `exports` name only its loader. */
const pyodideModulePlugin = {
  name: 'pyodide-module',
  setup(b) {
    b.onResolve({ filter: /^pyodide\/pyodide\.asm\.mjs$/ }, () => ({ path: path.join(root, 'node_modules/pyodide/pyodide.asm.mjs') }));
  },
};
const runtimeOptionsFor = (outDir) => ({
  absWorkingDir: root,
  entryPoints: Object.fromEntries(Object.entries(RUNTIMES).map(([name, file]) => [`sandbox-${name}`, file])),
  outdir: path.join(outDir, 'assets'),
  bundle: true,
  // Run as inline classic scripts in the artifact's frame, one after another.
  format: 'iife',
  minify: true,
  metafile: true,
  target: TARGET,
  define: { 'process.env.NODE_ENV': '"production"' },
  // Pyodide's loader imports these only when it runs under Node.
  external: ['node:*', 'ws'],
  plugins: [pyodideModulePlugin],
  entryNames: '[name]-[hash]',
  legalComments: 'linked',
  logLevel: 'warning',
});

/** Each runtime's URL relative to the page's <base>; refuses a runtime that could not be inlined (`</script` would end its script). */
async function runtimeUrlOf(outDir, metafile) {
  const urls = {};
  for (const name of Object.keys(RUNTIMES)) {
    const file = Object.keys(metafile.outputs).find((f) => f.endsWith('.js') && metafile.outputs[f].entryPoint && path.basename(f).startsWith(`sandbox-${name}-`));
    if (/<\/script/i.test(await readFile(path.join(root, file), 'utf8'))) throw new Error(`the ${name} runtime contains </script>`);
    urls[name] = path.relative(outDir, path.join(root, file)).split(path.sep).join('/');
  }
  return urls;
}

/** Each worker's URL relative to the page's <base>, for the app to start it with. */
const workerUrlOf = (outDir, metafile) => {
  // By output name (`stream-worker-[hash].js`): an entry path may be spelled through a symlink.
  const urlOf = (name) => {
    const file = Object.keys(metafile.outputs).find((f) => f.endsWith('.js') && metafile.outputs[f].entryPoint && path.basename(f).startsWith(`${name}-worker-`));
    return path.relative(outDir, path.join(root, file)).split(path.sep).join('/');
  };
  return Object.fromEntries(Object.keys(WORKERS).map((name) => [name, urlOf(name)]));
};

/**
 * The app's esbuild options; `entry` and `outDir` differ only for the e2e build with a test model.
 * `gallery` keeps the /ui component gallery (development only: it calls the public icon service).
 */
const appOptionsFor = (entry, outDir, workerUrl, gallery = false, runtimeUrl = {}) => ({
  absWorkingDir: root,
  entryPoints: { main: entry },
  outdir: path.join(outDir, 'assets'),
  bundle: true,
  format: 'esm',
  splitting: true,
  // PARLEY_NO_MINIFY=1 keeps names readable in a profiler.
  minify: process.env.PARLEY_NO_MINIFY !== '1',
  sourcemap: true,
  metafile: true,
  target: TARGET,
  jsx: 'automatic',
  // Page chunks keep their file name so the network panel (and the e2e tests) can tell them apart.
  entryNames: '[name]-[hash]',
  chunkNames: '[name]-[hash]',
  assetNames: '[name]-[hash]',
  loader: { '.woff2': 'file', '.woff': 'file', '.ttf': 'file', '.svg': 'file' },
  // PouchDB (sync, issue 15) imports Node's 'events'; a browser has none.
  alias: { events: './src/lib/event-emitter.ts' },
  define: {
    'process.env.NODE_ENV': '"production"',
    __PARLEY_STREAM_WORKER__: JSON.stringify(workerUrl.stream),
    __PARLEY_SEARCH_WORKER__: JSON.stringify(workerUrl.search),
    __PARLEY_IMAGE_WORKER__: JSON.stringify(workerUrl.image),
    __PARLEY_PDF_WORKER__: JSON.stringify(workerUrl.pdf),
    __PARLEY_IMPORT_WORKER__: JSON.stringify(workerUrl.import),
    __PARLEY_SYNC_WORKER__: JSON.stringify(workerUrl.sync),
    __PARLEY_GALLERY__: JSON.stringify(gallery),
    // A string, read where it is used: an object define would be hoisted into the first screen's code.
    __PARLEY_SANDBOX_RUNTIMES__: JSON.stringify(JSON.stringify(runtimeUrl)),
  },
  legalComments: 'linked',
  logLevel: 'warning',
  // Bundles exactly the Lucide icons the code names, so they render offline and at once; puts
  // the first screen's code in one file instead of one per combination of lazy chunks using it.
  plugins: [startChunkPlugin({ root, bootModule: APP_BOOT }), iconsEsbuildPlugin({ root })],
});

const headOptionsFor = (outDir) => ({
  absWorkingDir: root,
  // A classic blocking script in <head>: it must run before first paint, and CSP forbids inline script.
  entryPoints: { head: 'src/head-boot.ts' },
  outdir: path.join(outDir, 'assets'),
  bundle: true,
  format: 'iife',
  minify: true,
  metafile: true,
  target: TARGET,
  entryNames: '[name]-[hash]',
  logLevel: 'warning',
});

/**
 * The OAuth callback page (MCP servers' sign-in, src/chat/mcp/oauth-callback-page.ts): a sign-in
 * popup lands there and hands the code to the app. Its script is a file of its own (no inline
 * script under the CSP), beside the page, with the same policy.
 */
const CALLBACK_PAGE = 'oauth-callback.html';
const callbackOptionsFor = (outDir) => ({ ...headOptionsFor(outDir), entryPoints: { 'oauth-callback': 'src/chat/mcp/oauth-callback-page.ts' } });

async function writeCallbackPage(outDir, metafile) {
  const script = Object.keys(metafile.outputs).find((f) => f.endsWith('.js'));
  const src = path.relative(outDir, path.join(root, script)).split(path.sep).join('/');
  const page = [
    '<!doctype html>',
    '<html lang="en">',
    '  <head>',
    '    <meta charset="utf-8" />',
    `    <meta http-equiv="Content-Security-Policy" content="${PAGE_POLICY}" />`,
    '    <title>Parley</title>',
    `    <script src="${src}"></script>`,
    '  </head>',
    '  <body></body>',
    '</html>',
    '',
  ];
  await writeFile(path.join(outDir, CALLBACK_PAGE), page.join('\n'));
}

/**
 * The artifact sandbox (issue 36, docs/sandbox.md): dist/sandbox.html, framed by the chat page's
 * previews. Its program (src/sandbox/) is inlined, not a file beside it: the sandboxed document's
 * own requests never reach the service worker (an opaque origin is no client of it), so offline a
 * script file would not load; the document itself is kept and served by the worker.
 */
const sandboxOptions = () => ({
  absWorkingDir: root,
  entryPoints: ['src/sandbox/main.ts'],
  bundle: true,
  format: 'iife',
  minify: true,
  write: false,
  target: TARGET,
  logLevel: 'warning',
});

async function writeSandboxPage(outDir, result) {
  const program = result.outputFiles[0].text.trim();
  // An inline script ends at the first `</script`: the bundle must not hold one.
  if (/<\/script/i.test(program)) throw new Error('the sandbox program contains </script>');
  const page = [
    '<!doctype html>',
    '<html lang="en">',
    '  <head>',
    '    <meta charset="utf-8" />',
    // The header (src/server/security-headers.mjs SANDBOX_HEADERS) sandboxes it; this repeats what a <meta> can.
    `    <meta http-equiv="Content-Security-Policy" content="${SANDBOX_META_POLICY}" />`,
    '    <title>Parley sandbox</title>',
    // Artifacts are pages written for a white background, whatever the app's theme.
    '    <style>html,body{margin:0;background:#fff;color-scheme:light}iframe{display:block;width:100%;height:0;border:0}</style>',
    '  </head>',
    '  <body>',
    `    <script>${program}</script>`,
    '  </body>',
    '</html>',
    '',
  ];
  await writeFile(path.join(outDir, SANDBOX_FILE), page.join('\n'));
}

/** The app's boot module: the CSS it imports statically is the stylesheet index.html links. */
const APP_BOOT = 'src/main.tsx';
/** The <meta> listing each lazy chunk's stylesheet for src/lib/chunk-styles.ts (same name there). */
const STYLES_META_NAME = 'parley-styles';
/** The <meta> listing each page's files for src/app/preload-page.ts (same name there). */
const PAGES_META_NAME = 'parley-pages';
/** The page chunks the <head> script may preload for the address it opens (src/app/preload-page.ts). */
const PAGE_CHUNKS = ['home-page', 'chat-page'];
/**
 * Lazy chunks a page cannot show without, fetched beside it rather than after it has run: a chat
 * shows its messages once the store's actions and its unsaved-changes bookkeeping are there
 * (src/chat/store/chat-store.ts loadChat), a round trip later on a slow link otherwise.
 */
const PAGE_NEEDS = { 'chat-page': ['store-actions', 'unsaved-changes', 'storage-usage'] };


/** `name=file,file,…` per page: its JS not already preloaded for the boot module, then its stylesheet. */
function pageFiles(outputs, mainFile, styles, href) {
  const atStart = staticClosure(outputs, mainFile);
  const entryFile = (name) => Object.keys(outputs).find((f) => f.endsWith('.js') && outputs[f].entryPoint && path.basename(f).startsWith(`${name}-`));
  return PAGE_CHUNKS.flatMap((name) => {
    const file = entryFile(name);
    if (!file) return [];
    const needed = [file, ...(PAGE_NEEDS[name] ?? []).map(entryFile).filter(Boolean)];
    const closure = new Set();
    for (const start of needed) staticClosure(outputs, start, closure);
    const js = [...closure].filter((f) => !atStart.has(f));
    const css = styles.chunks[name] ? [styles.chunks[name]] : [];
    return [`${name}=${[...js, ...css].map(href).join(',')}`];
  });
}

/**
 * Writes index.html with the hashed entry, its CSS and its preloads in place of the marker.
 * Only the CSS the entry imports statically is linked; a lazy chunk's CSS is listed in a <meta>
 * and linked when the chunk loads (src/lib/build-styles.mjs), which waits for it: no unstyled paint.
 */
async function writeIndex(outDir, entry, appMeta, headMeta, styles) {
  // Relative URLs, so the <base href> decides where the app lives.
  const href = (file) => path.relative(outDir, path.join(root, file)).split(path.sep).join('/');
  const outputs = Object.entries(appMeta.outputs);
  const [mainFile, main] = outputs.find(([, o]) => o.entryPoint === entry);
  const headFile = Object.keys(headMeta.outputs).find((f) => f.endsWith('.js'));
  const preloads = main.imports.filter((i) => i.kind === 'import-statement').map((i) => i.path);
  const chunkStyles = Object.entries(styles.chunks).map(([name, file]) => `${name}=${href(file)}`);
  // The boot module first (the largest file; a module script does not block parsing), then its
  // imports and stylesheet, and the blocking <head> script last: it still runs before first
  // paint, and nothing waits for it to download before being requested.
  const tags = [
    `<script type="module" src="${href(mainFile)}"></script>`,
    ...preloads.map((f) => `<link rel="modulepreload" href="${href(f)}" />`),
    ...(styles.main ? [`<link rel="stylesheet" href="${href(styles.main)}" />`] : []),
    `<meta name="${STYLES_META_NAME}" content="${chunkStyles.join(' ')}" />`,
    // Before the <head> script, which reads it.
    `<meta name="${PAGES_META_NAME}" content="${pageFiles(appMeta.outputs, mainFile, styles, href).join(' ')}" />`,
    `<script src="${href(headFile)}"></script>`,
  ];
  const template = await readFile(path.join(root, 'index.html'), 'utf8');
  for (const marker of [ASSETS_MARKER, CSP_MARKER]) {
    if (!template.includes(marker)) throw new Error(`index.html lacks ${marker}`);
  }
  const csp = `<meta http-equiv="Content-Security-Policy" content="${PAGE_POLICY}" />`;
  await writeFile(path.join(outDir, 'index.html'), template.replace(CSP_MARKER, csp).replace(ASSETS_MARKER, tags.join('\n    ')));
}

/**
 * The service worker (issue 26, src/app/offline/service-worker.ts): one classic script at the
 * root of dist/, not hashed (the browser looks for a newer version at the same address). It is
 * stamped with a digest of every file name in assets/: a build that changes anything the app
 * loads gives a different worker, which the open pages announce; an identical rebuild does not.
 * It carries those names too, so it can forget the files of builds no page uses any more, and
 * keeps nothing else (with the manifest and icons).
 */
const SERVICE_WORKER = 'src/app/offline/service-worker.ts';

async function buildServiceWorker(outDir, warm) {
  const names = (await readdir(path.join(outDir, 'assets'))).filter((name) => !name.endsWith('.map')).sort();
  // The build's other files the page loads (index.html is the shell, kept on its own): the only
  // ones besides assets/ the worker may keep (issue 32: never an API answer of the same origin).
  const icons = (await readdir(path.join(outDir, ICONS_DIR))).sort().map((name) => `${ICONS_DIR}/${name}`);
  const id = createHash('sha256').update(names.join('\n')).digest('base64url').slice(0, 16);
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: [SERVICE_WORKER],
    outfile: path.join(outDir, 'sw.js'),
    bundle: true,
    format: 'iife',
    minify: true,
    target: TARGET,
    define: {
      __PARLEY_BUILD__: JSON.stringify(id),
      __PARLEY_FILES__: JSON.stringify(names),
      __PARLEY_OTHER_FILES__: JSON.stringify([MANIFEST_FILE, ...icons, SANDBOX_FILE]),
      __PARLEY_WARM__: JSON.stringify(warm),
    },
    logLevel: 'warning',
  });
}

/** The web app manifest and the icons it lists (src/server/web-manifest.mjs, app-icons.mjs): drawn while esbuild works. */
async function writeManifest(outDir) {
  const { description } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
  await mkdir(path.join(outDir, ICONS_DIR), { recursive: true });
  await Promise.all([
    writeFile(path.join(outDir, MANIFEST_FILE), JSON.stringify(webManifest({ description }), null, 2)),
    ...appIconFiles().map((icon) => writeFile(path.join(outDir, ICONS_DIR, icon.file), icon.png)),
  ]);
}

/** Replaces the app build's stylesheets with one per lazy chunk (src/lib/build-styles.mjs). */
const stylesFor = (appOptions, entry, outDir, metafile) =>
  buildChunkStyles({ root, outDir, metafile, entry, styleRoot: APP_BOOT, minify: appOptions.minify, target: TARGET });

/**
 * Builds the app into `outDir` (dist/ by default) from `entry` (src/main.tsx by default).
 * Returns the app's metafile and the stylesheets' (bench/budget reads both).
 */
export async function build({ entry = 'src/main.tsx', outDir = dist, gallery = false } = {}) {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(path.join(outDir, 'assets'), { recursive: true });
  const [worker, runtimes] = await Promise.all([esbuild.build(workerOptionsFor(outDir)), esbuild.build(runtimeOptionsFor(outDir))]);
  const workerUrl = workerUrlOf(outDir, worker.metafile);
  const runtimeUrls = { ...(await runtimeUrlOf(outDir, runtimes.metafile)), ...(await copyPythonFiles(outDir)) };
  const appOptions = appOptionsFor(entry, outDir, workerUrl, gallery, runtimeUrls);
  const builds = Promise.all([esbuild.build(appOptions), esbuild.build(headOptionsFor(outDir)), esbuild.build(callbackOptionsFor(outDir)), esbuild.build(sandboxOptions())]);
  // The icons are drawn on this thread while esbuild's own process bundles.
  await writeManifest(outDir);
  const [app, head, callback, sandbox] = await builds;
  const styles = await stylesFor(appOptions, entry, outDir, app.metafile);
  await writeIndex(outDir, entry, app.metafile, head.metafile, styles);
  await writeCallbackPage(outDir, callback.metafile);
  await writeSandboxPage(outDir, sandbox);
  // Warmed while idle after a visit (issue 33): the app's lazy parts, and the workers a chat needs offline.
  const warm = warmFiles({ metafile: app.metafile, styles, entry, workers: [workerUrl.stream, workerUrl.search, workerUrl.image, workerUrl.import] });
  await buildServiceWorker(outDir, warm);
  return { app: app.metafile, styles, warm };
}

async function watch(gallery) {
  await build({ gallery });
  const head = await esbuild.build(headOptionsFor(dist));
  const worker = await esbuild.build(workerOptionsFor(dist));
  const runtimes = await esbuild.build(runtimeOptionsFor(dist));
  const runtimeUrls = { ...(await runtimeUrlOf(dist, runtimes.metafile)), ...(await copyPythonFiles(dist)) };
  const appOptions = appOptionsFor('src/main.tsx', dist, workerUrlOf(dist, worker.metafile), gallery, runtimeUrls);
  const ctx = await esbuild.context({
    ...appOptions,
    plugins: [
      ...appOptions.plugins,
      {
        name: 'write-index',
        setup(b) {
          b.onEnd(async (result) => {
            if (result.errors.length === 0) {
              const styles = await stylesFor(appOptions, 'src/main.tsx', dist, result.metafile);
              await writeIndex(dist, 'src/main.tsx', result.metafile, head.metafile, styles);
              console.log(`[parley] rebuilt at ${new Date().toLocaleTimeString()}`);
            }
          });
        },
      },
    ],
  });
  await ctx.watch();
  console.log('[parley] watching src/ and index.html for changes…');
}

/** The value after a `--name` flag, if given. */
const flag = (argv, name) => {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
};

async function main(argv) {
  // --gallery (or PARLEY_GALLERY=1) builds the /ui component gallery in: `npm run dev`, the e2e build.
  const gallery = argv.includes('--gallery') || process.env.PARLEY_GALLERY === '1';
  if (argv.includes('--watch')) return watch(gallery);
  if (!argv.includes('--no-build')) {
    const started = performance.now();
    // --entry/--out-dir build a variant (the e2e tests plug a deterministic model in).
    await build({ entry: flag(argv, '--entry'), outDir: flag(argv, '--out-dir') && path.resolve(flag(argv, '--out-dir')), gallery });
    console.log(`[parley] built dist/ in ${Math.round(performance.now() - started)} ms`);
  }
  if (argv.includes('--serve')) {
    const server = await startServer({
      dir: dist,
      port: Number(process.env.PORT ?? 4173),
      basePath: process.env.BASE_PATH ?? '/',
    });
    console.log(`Parley is running at ${server.url}`);
    const stop = () => server.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
