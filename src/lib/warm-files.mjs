// Which built files the service worker fetches ahead, while idle after a visit (issue 33: offline,
// anything whose code this browser never loaded crashed or said nothing). Build-time only: read
// by build.mjs, which compiles the list into sw.js; nothing of it reaches the page.
import path from 'node:path';
import { chunkNameOf, staticClosure } from './build-outputs.mjs';

/**
 * Lazily loaded code that is NOT fetched ahead, and why. Everything else the app imports lazily
 * (menus, Settings' sections, the project home, dialogs, message files and the image viewer, the
 * store's actions and writes, the model formats, KaTeX, the highlighter) is small next to what it
 * saves: a feature that works offline without having been used online first.
 */
export const NOT_WARMED = [
  // SPEC A1: a page's own code is fetched the first time its route is visited, never before.
  { pattern: /\/src\/pages\/[^/]+\/[^/]+-page\.tsx$/, why: 'a page: fetched on the first visit of its route (SPEC A1)' },
  { pattern: /\/src\/chat\/sync(-bridge)?\/|pouchdb/, why: 'sync: useless without its server, and 160 KB' },
  { pattern: /\/src\/chat\/mcp\/mcp-client/, why: 'MCP tools: useless without their servers, and 330 KB' },
  { pattern: /mermaid/, why: 'diagrams: 2 MB for the few replies that draw one' },
  { pattern: /pdfjs-dist/, why: 'PDF reading: 450 KB and its worker, loaded with the first PDF attached' },
];

/** Fonts a warmed stylesheet names: WOFF2 only, the one format every browser that runs Parley picks first. */
const WARMED_FONT = /\.woff2$/;

const isWarmed = (entryPoint) => !NOT_WARMED.some(({ pattern }) => pattern.test(entryPoint));


/**
 * The names (in assets/) of the files to warm: each lazily imported entry's script with its static
 * imports, its stylesheet and that stylesheet's fonts, and the `workers` given (the stream and
 * search workers: sending to a local server and searching work offline). `metafile` is the app
 * build's, `styles` what buildChunkStyles returned. Sorted, without what the first screen loads.
 */
export function warmFiles({ metafile, styles, entry, workers = [] }) {
  const outputs = metafile.outputs;
  const main = Object.keys(outputs).find((file) => outputs[file].entryPoint === entry);
  const firstScreen = new Set();
  if (main) staticClosure(outputs, main, firstScreen);
  const files = new Set();
  for (const [file, output] of Object.entries(outputs)) {
    if (!file.endsWith('.js') || !output.entryPoint || file === main || !isWarmed(output.entryPoint)) continue;
    staticClosure(outputs, file, files);
    const css = styles.chunks[chunkNameOf(file)];
    if (!css) continue;
    files.add(css);
    for (const record of styles.metafile.outputs[css]?.imports ?? []) if (WARMED_FONT.test(record.path)) files.add(record.path);
  }
  for (const file of firstScreen) files.delete(file);
  return [...files, ...workers].map((file) => path.basename(file)).sort();
}
