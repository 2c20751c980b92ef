// One file for the first screen. esbuild splits code by which entry points reach a module (each
// lazily imported module is an entry point), so the boot module's code came in about twenty
// chunks: one per combination of lazy chunks that also use it. Over HTTP/1.1 a browser opens six
// connections to a host, so on a slow link those files arrived in waves, a round trip each.
// This plugin makes every lazily imported module of src/ also import the boot module: then
// every module the boot module reaches is reached by the same entry points, and esbuild puts
// them all in one chunk. Nothing runs twice: a module is evaluated once, and the boot module has
// always run before any lazy chunk is requested.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** Where the wrapped lazy entries live; the chunk keeps the real module's file name. */
const NAMESPACE = 'parley-lazy-entry';
/** A module whose default export must be passed on too (`export *` leaves it out). */
const DEFAULT_EXPORT = /\bexport\s+default\b|\bas\s+default\b/;

/**
 * @param {{ root: string, bootModule: string }} options bootModule: the file every lazy entry
 *   imports (src/main.tsx), relative to root.
 */
export function startChunkPlugin({ root, bootModule }) {
  const boot = path.join(root, bootModule);
  const src = path.join(root, 'src') + path.sep;
  return {
    name: 'parley-start-chunk',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData?.real) return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { real: true } });
        // The boot module itself may be imported lazily (the e2e build's entry plugs a model in first).
        if (resolved.errors.length > 0 || !resolved.path.startsWith(src) || resolved.path === boot) return undefined;
        return { path: resolved.path, namespace: NAMESPACE };
      });
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        const real = JSON.stringify(args.path);
        const lines = [`import ${JSON.stringify(boot)};`, `export * from ${real};`];
        if (DEFAULT_EXPORT.test(source)) lines.push(`export { default } from ${real};`);
        return { contents: lines.join('\n'), loader: 'js', resolveDir: path.dirname(args.path) };
      });
    },
  };
}
