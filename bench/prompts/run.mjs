// `npm run bench:prompts`: importing a prompts file in Settings → Prompts (issue 32, finding 4),
// in the built app in Chromium, for 250, 500, 1,000 and 2,000 prompts. Each import starts in a
// fresh browser profile (an empty IndexedDB) and is timed on the page, from the file input's
// change to the "Imported N prompts" report. Sizes are interleaved round by round (the order
// turns each round) so a slow moment of the shared machine does not fall on one size only.
// Linear time shows as prompts per second that stay level as the file grows.
// PROMPT_SIZES=250,500 and PROMPT_ROUNDS=1 change the sizes and rounds.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchBrowser } from '../../test/support/browser.mjs';
import { report } from '../support/report.mjs';
import { serveBuild } from '../support/serve-build.mjs';

const SIZES = (process.env.PROMPT_SIZES ?? '250,500,1000,2000').split(',').map(Number);
const ROUNDS = Number(process.env.PROMPT_ROUNDS ?? 3);
/** Generous: before the fix a 1,000-prompt file took about a minute. */
const IMPORT_TIMEOUT_MS = 10 * 60_000;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A file of `count` prompts, each with a variable and a few lines of text, as people keep them. */
function promptsFile(count) {
  const prompts = Array.from({ length: count }, (_, i) => ({
    name: `Prompt ${String(i).padStart(4, '0')}`,
    body: `Rewrite the following for {{audience}}, keeping it under {{words}} words.\n\nPrompt number ${i}.\n\n{{text}}`,
  }));
  return JSON.stringify({ parley: 'prompts', version: 1, prompts });
}

/** Installed before any page script: the time of the file input's change, and of the report that follows. */
function instrument() {
  const w = window;
  document.addEventListener('change', (event) => {
    if (event.target instanceof HTMLInputElement && event.target.type === 'file') w.__importStart = performance.now();
  }, true);
  new MutationObserver(() => {
    if (w.__importStart === undefined || w.__importEnd !== undefined) return;
    const status = document.querySelector('.prompts-section__report');
    if (status?.textContent?.startsWith('Imported ')) {
      w.__importEnd = performance.now();
      w.__importReport = status.textContent;
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

async function importOnce(url, file, count) {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.addInitScript(instrument);
    await page.goto(`${url}/?settings=prompts`);
    const section = page.getByRole('dialog', { name: 'Settings' }).getByRole('region', { name: 'Prompts' });
    // The starter prompts are in: the library has loaded.
    await section.getByRole('list', { name: 'Saved prompts' }).waitFor();
    await section.getByLabel('Import JSON').setInputFiles(file);
    await page.waitForFunction(() => window.__importEnd !== undefined, null, { timeout: IMPORT_TIMEOUT_MS, polling: 100 });
    const { ms, text } = await page.evaluate(() => ({ ms: window.__importEnd - window.__importStart, text: window.__importReport }));
    if (!text.startsWith(`Imported ${count} prompts`)) throw new Error(`Unexpected report: ${text}`);
    return ms;
  } finally {
    await browser.close();
  }
}

async function main() {
  const dir = await mkdtemp(path.join(tmpdir(), 'parley-bench-prompts-'));
  const files = new Map();
  for (const size of SIZES) {
    const file = path.join(dir, `prompts-${size}.json`);
    await writeFile(file, promptsFile(size));
    files.set(size, file);
  }
  const app = await serveBuild();
  const times = new Map(SIZES.map((size) => [size, []]));
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const order = SIZES.map((_, i) => SIZES[(i + round) % SIZES.length]);
      for (const size of order) {
        const ms = await importOnce(app.url, files.get(size), size);
        times.get(size).push(ms);
        console.log(`round ${round + 1}: ${size} prompts in ${Math.round(ms)} ms`);
      }
    }
    await report(
      'prompts',
      SIZES.map((size) => {
        const ms = median(times.get(size));
        return {
          prompts: size.toLocaleString('en'),
          'import, median': `${Math.round(ms)} ms`,
          runs: times.get(size).map(Math.round).join(' / '),
          'prompts per second': Math.round((size / ms) * 1000).toLocaleString('en'),
        };
      }),
      { sizes: SIZES, rounds: ROUNDS, times: Object.fromEntries(times) },
    );
  } finally {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
