// npm run bench:markdown:flicker — how often a streaming render shows text that later changes,
// for Parley, Streamdown and react-markdown side by side in one run, on the same answers.
// Method: bench/README.md, section "Flicker". Options: --sizes 5,20 (KB), --only name[,name].
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findChromium, launchBrowser } from '../../test/support/browser.mjs';
import { report } from '../support/report.mjs';
import { generateAnswer, KB, measuredAnswers } from './generate-answer.mjs';
import { buildPages, RENDERERS, serve, VIEWPORT } from './pages.mjs';

/** The floor renders no markdown, so it cannot flicker: it is left out. */
const MEASURED = RENDERERS.filter(({ name }) => name !== 'floor');
const DEFAULT_SIZES_KB = [20];
/** The second answer's seed: constructs the coding answer lacks (math, autolinks, nested lists). */
const MIXED_SEED = 99;

/** Snippets models write that the generated coding answer does not: they are where flicker hides. */
const MIXED_PARTS = [
  'The cost is $O(n \\log n)$ for $n$ items, and the bound $T(n) \\le 2T(n/2) + cn$ holds when $c > 0$.',
  'See <https://developer.mozilla.org/en-US/docs/Web/API/Streams_API> or write to <help@example.com>.',
  '1. First step\n   - a detail\n     that continues\n   - another detail\n2. Second step',
  'Setext heading\n--------------',
  '```python\nimport asyncio\n\nasync def main():\n    await asyncio.sleep(1)\n```',
  '- [ ] open task\n- [x] done task',
  'A price of $5 and $10 is not math, but $E = mc^2$ is.',
];

function mixedAnswer(minLength) {
  const base = generateAnswer(MIXED_SEED, minLength).split('\n\n');
  const parts = [];
  base.forEach((part, i) => {
    parts.push(part);
    if (i % 3 === 2) parts.push(MIXED_PARTS[(i / 3) % MIXED_PARTS.length | 0]);
  });
  return parts.join('\n\n').slice(0, minLength);
}

function parseArgs(argv) {
  const value = (flag) => {
    const index = argv.indexOf(flag);
    return index === -1 ? undefined : argv[index + 1];
  };
  return { sizes: value('--sizes')?.split(',').map(Number) ?? DEFAULT_SIZES_KB, only: value('--only')?.split(',') };
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const renderers = MEASURED.filter(({ name }) => !options.only || options.only.includes(name));
  const coding = measuredAnswers().at(-1).text;
  const answers = options.sizes.flatMap((kb) => [
    { name: `coding ${kb} KB`, text: coding.slice(0, kb * KB) },
    { name: `mixed ${kb} KB`, text: mixedAnswer(kb * KB) },
  ]);
  const outDir = await mkdtemp(path.join(tmpdir(), 'parley-flicker-'));
  await buildPages(outDir);
  const server = await serve(outDir);
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await launchBrowser({ viewport: VIEWPORT });
  const results = {};
  try {
    for (const renderer of renderers) {
      const page = await browser.context.newPage();
      await page.goto(`${origin}/${renderer.name}.html`);
      await page.waitForFunction(() => window.bench !== undefined);
      for (const answer of answers) {
        const result = await page.evaluate((text) => window.bench.flicker(text), answer.text);
        (results[renderer.name] ??= {})[answer.name] = result;
        console.error(`${renderer.name} ${answer.name}: ${result.flickers} of ${result.steps} renders flicker (${((100 * result.flickers) / result.steps).toFixed(1)} %)`);
        if (process.argv.includes('--examples')) console.error(JSON.stringify(result.examples, null, 1));
      }
      await page.close();
    }
  } finally {
    await browser.close();
    server.close();
    await rm(outDir, { recursive: true, force: true });
  }
  const rows = renderers.map(({ name, label }) => {
    const at = results[name];
    const steps = answers.reduce((sum, a) => sum + at[a.name].steps, 0);
    const flickers = answers.reduce((sum, a) => sum + at[a.name].flickers, 0);
    return {
      renderer: label,
      ...Object.fromEntries(answers.map((a) => [a.name, `${((100 * at[a.name].flickers) / at[a.name].steps).toFixed(1)} %`])),
      all: `${((100 * flickers) / steps).toFixed(1)} %`,
    };
  });
  await report('markdown-flicker', rows, { method: 'bench/README.md, section "Flicker"', browser: findChromium(), results });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
