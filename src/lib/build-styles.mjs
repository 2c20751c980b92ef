// One stylesheet per lazily loaded chunk. esbuild gives an entry point one CSS file holding the
// CSS of every module it can reach, lazily imported ones included, so the first screen would
// download every page's and KaTeX's CSS. From the JS build's metafile this writes instead:
//   main: the CSS the entry reaches through static imports (linked in index.html);
//   one file per lazy chunk: the CSS it reaches statically that main does not have.
// src/lib/chunk-styles.ts links a chunk's file when the chunk is imported and waits for it.
import * as esbuild from 'esbuild';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { chunkNameOf } from './build-outputs.mjs';

/** The virtual module namespace whose contents are a group's `@import` lines. */
const NAMESPACE = 'parley-styles';
/** Fonts that stylesheets (KaTeX's) refer to: copied beside them with hashed names. */
const FONT_LOADERS = { '.woff2': 'file', '.woff': 'file', '.ttf': 'file', '.svg': 'file' };

/** CSS files `source` reaches through static imports, in evaluation order (the cascade's order). */
function staticCss(inputs, source, seen = new Set(), order = []) {
  if (seen.has(source)) return order;
  seen.add(source);
  for (const record of inputs[source]?.imports ?? []) {
    if (record.kind === 'dynamic-import' || record.external) continue;
    if (record.path.endsWith('.css')) {
      if (!order.includes(record.path)) order.push(record.path);
    } else {
      staticCss(inputs, record.path, seen, order);
    }
  }
  return order;
}


/**
 * `{ name: [css files] }` for the app's boot module (as `main`) and each lazily imported entry.
 * The boot module is `styleRoot` (src/main.tsx) even when the build's entry is another file that
 * imports it (the e2e build's entry plugs a test model in, then imports src/main.tsx).
 */
export function styleGroups(metafile, entry, styleRoot = entry) {
  const groups = { main: staticCss(metafile.inputs, styleRoot) };
  const inMain = new Set(groups.main);
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (!file.endsWith('.js') || !output.entryPoint || output.entryPoint === entry || output.entryPoint === styleRoot) continue;
    const name = chunkNameOf(file);
    if (name in groups) throw new Error(`two lazy chunks are named ${name}: rename one file`);
    const own = staticCss(metafile.inputs, output.entryPoint).filter((css) => !inMain.has(css));
    if (own.length > 0) groups[name] = own;
  }
  return groups;
}

/**
 * Replaces the JS build's stylesheets with one per group; returns `{ main, chunks }`: the main
 * stylesheet's path and `{ name: path }` for the lazy chunks (paths relative to `root`).
 */
export async function buildChunkStyles({ root, outDir, metafile, entry, styleRoot, minify, target }) {
  const stale = Object.keys(metafile.outputs).filter((f) => f.endsWith('.css') || f.endsWith('.css.map'));
  await Promise.all(stale.map((f) => rm(path.join(root, f), { force: true })));
  const groups = styleGroups(metafile, entry, styleRoot);
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: Object.keys(groups).map((name) => ({ in: `${NAMESPACE}:${name}`, out: name })),
    outdir: path.join(outDir, 'assets'),
    bundle: true,
    minify,
    target,
    sourcemap: true,
    metafile: true,
    entryNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    loader: FONT_LOADERS,
    logLevel: 'warning',
    plugins: [
      {
        name: NAMESPACE,
        setup(b) {
          b.onResolve({ filter: new RegExp(`^${NAMESPACE}:`) }, (args) => ({ path: args.path.slice(NAMESPACE.length + 1), namespace: NAMESPACE }));
          b.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
            contents: groups[args.path].map((css) => `@import ${JSON.stringify(`./${css}`)};`).join('\n'),
            loader: 'css',
            resolveDir: root,
          }));
        },
      },
    ],
  });
  const chunks = {};
  let main;
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    if (!file.endsWith('.css')) continue;
    const name = output.entryPoint?.slice(NAMESPACE.length + 1);
    if (name === 'main') main = file;
    else if (name) chunks[name] = file;
  }
  return { main, chunks, metafile: result.metafile };
}
