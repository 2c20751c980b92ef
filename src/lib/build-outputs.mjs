// Reading esbuild's metafile outputs, shared by build.mjs, its stylesheets (build-styles.mjs), the
// service worker's warm list (warm-files.mjs) and bench/budget. Build-time only.
import path from 'node:path';

/** An esbuild output name is `[name]-[hash]`: the hash is 8 characters of base32. */
const HASHED_NAME = /^(.*)-[A-Z0-9]{8}$/;

/** The output files `file` pulls in before it runs: itself and its static imports, transitively. */
export function staticClosure(outputs, file, into = new Set()) {
  if (into.has(file)) return into;
  into.add(file);
  for (const record of outputs[file].imports) if (record.kind === 'import-statement') staticClosure(outputs, record.path, into);
  return into;
}

/** The chunk name a lazy entry is known by at runtime: its output's name without the hash. */
export function chunkNameOf(file) {
  const base = path.basename(file, '.js');
  return HASHED_NAME.exec(base)?.[1] ?? base;
}
