// @vitest-environment node
// Issue 12: the first screen's weight is held on every change. Sizes are deterministic (the
// build's metafile, gzip -9), so they are asserted; times are only reported (npm run bench:budget).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM modules shared with bench/budget, no type declarations
import { SIZE_CEILINGS } from '../bench/budget/budgets.mjs';
// @ts-expect-error -- plain ESM modules shared with bench/budget, no type declarations
import { measureSizes } from '../bench/budget/sizes.mjs';

/** A full production build (app, worker, stylesheets) takes a few seconds on a busy machine. */
const BUILD_TIMEOUT_MS = 60_000;
/** Six connections per host over HTTP/1.1: more files than that arrive in waves, a round trip each. */
const MAX_FIRST_SCREEN_SCRIPTS = 4;

interface Sizes {
  firstScreenJs: number;
  firstScreenOwnJs: number;
  firstScreenCss: number;
  files: { file: string; gzip: number }[];
}

let outDir: string;
let sizes: Sizes;

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'parley-budget-'));
  sizes = (await measureSizes(outDir)) as Sizes;
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const listing = () => sizes.files.map((f) => `${f.file} ${kb(f.gzip)}`).join(', ');

describe('the first screen stays within its budget (gzip -9)', () => {
  it.each(['firstScreenJs', 'firstScreenOwnJs', 'firstScreenCss'] as const)('%s', (name) => {
    const ceiling = (SIZE_CEILINGS as Record<string, number>)[name]!;
    expect(sizes[name], `${name} is ${kb(sizes[name])}, over its ${kb(ceiling)} ceiling; files: ${listing()}`).toBeLessThanOrEqual(ceiling);
  });

  it('loads no page but the home page, no dialog, no KaTeX, no chat history, model list or error explanations before the first screen', () => {
    const names = sizes.files.map((f) => f.file);
    expect(
      names.filter((name) =>
        /^(chat-page|settings-dialog|search-palette|shortcuts-dialog|katex-render|highlighter|worker-model|openai-model|chat-history|model-picker-popover|explain-model-error|list-models)-/.test(name),
      ),
    ).toEqual([]);
    expect(names.some((name) => name.startsWith('home-page-'))).toBe(true);
  });

  it('comes in a handful of files, not one per combination of lazy chunks (src/lib/start-chunk-plugin.mjs)', () => {
    const scripts = sizes.files.map((f) => f.file).filter((name) => name.endsWith('.js'));
    // The boot module, the chunk with every first-screen module, esbuild's helpers, the home page.
    expect(scripts.length, scripts.join(', ')).toBeLessThanOrEqual(MAX_FIRST_SCREEN_SCRIPTS);
  });
});
