// npm run bench:markdown — Parley's streaming markdown renderer against react-markdown
// (+ remark-gfm), Streamdown and a plain-paragraph floor, in Chromium, in one run.
// Method: bench/README.md. Options: --runs N (default 3), --only name[,name], --sizes 5,20,
// --follow (keep the end of the message in view, as a chat does; results in markdown-follow.json).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findChromium, launchBrowser } from '../../test/support/browser.mjs';
import { report } from '../support/report.mjs';
import { ANSWER_SIZES_KB, measuredAnswers, warmupAnswer } from './generate-answer.mjs';
import { buildPages, RENDERERS, serve, VIEWPORT } from './pages.mjs';

/** The last share of the largest answer over which the mean update cost is taken. */
const END_SHARE = 0.1;

function parseArgs(argv) {
  const value = (flag) => {
    const index = argv.indexOf(flag);
    return index === -1 ? undefined : argv[index + 1];
  };
  return {
    runs: Number(value('--runs') ?? 3),
    only: value('--only')?.split(','),
    sizes: value('--sizes')?.split(',').map(Number) ?? ANSWER_SIZES_KB,
    follow: argv.includes('--follow'),
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * Main-thread time so far, in ms: Chrome's TaskDuration (every task, including layout, paint and
 * work the renderer scheduled for later) counted in thread CPU time, so other processes on a
 * busy machine do not inflate it.
 */
async function taskTime(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((metric) => metric.name === 'TaskDuration').value * 1000;
}

/** One answer in one page: main-thread time (scaled up when sampled) and each measured update. */
async function measure(page, cdp, text, stride, follow) {
  const before = await taskTime(cdp);
  const result = await page.evaluate(([t, s, f]) => window.bench.run(t, s, f), [text, stride, follow]);
  const busy = (await taskTime(cdp)) - before;
  const scale = result.steps / result.updates.length;
  return {
    steps: result.steps,
    samples: result.updates.length,
    total: busy * scale,
    wall: result.wall * scale,
    sumUpdates: result.updates.reduce((a, b) => a + b, 0) * scale,
    measuredSteps: result.measuredSteps,
    updates: result.updates,
  };
}

/**
 * The runs of one renderer on one answer, summarised. Totals are medians of the runs. Every run
 * does the same work at the same step, so each step's update time is the median of its runs:
 * a moment when the machine was busy elsewhere does not pass for a slow update.
 */
function summarise(results) {
  const { steps, samples, measuredSteps } = results[0];
  const perStep = measuredSteps.map((_, i) => median(results.map((r) => r.updates[i])));
  const longest = Math.max(...perStep);
  const endFrom = Math.ceil(steps * (1 - END_SHARE));
  const end = perStep.filter((_, i) => measuredSteps[i] >= endFrom);
  return {
    steps,
    samples,
    total: median(results.map((r) => r.total)),
    wall: median(results.map((r) => r.wall)),
    sumUpdates: median(results.map((r) => r.sumUpdates)),
    maxUpdate: longest,
    maxUpdateStep: measuredSteps[perStep.indexOf(longest)],
    p99Update: [...perStep].sort((a, b) => a - b)[Math.floor(perStep.length * 0.99)],
    meanEnd: end.reduce((a, b) => a + b, 0) / end.length,
    totals: results.map((r) => Math.round(r.total)),
  };
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const renderers = RENDERERS.filter(({ name }) => !options.only || options.only.includes(name));
  const answers = measuredAnswers().filter(({ kb }) => options.sizes.includes(kb));
  const warmup = warmupAnswer();
  const outDir = await mkdtemp(path.join(tmpdir(), 'parley-bench-'));
  await buildPages(outDir);
  const server = await serve(outDir);
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await launchBrowser({ viewport: VIEWPORT });
  const { context } = browser;
  const runs = {};
  const started = Date.now();
  try {
    for (let round = 1; round <= options.runs; round += 1) {
      for (const renderer of renderers) {
        const page = await context.newPage();
        await page.goto(`${origin}/${renderer.name}.html`);
        await page.waitForFunction(() => window.bench !== undefined);
        if (!(await page.evaluate(() => crossOriginIsolated))) throw new Error('The bench page is not cross-origin isolated: timer resolution would be 100 µs');
        const cdp = await context.newCDPSession(page);
        await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
        await page.evaluate(([t, s, f]) => window.bench.run(t, s, f), [warmup, renderer.stride, options.follow]);
        for (const { kb, text } of answers) {
          const result = await measure(page, cdp, text, renderer.stride, options.follow);
          ((runs[renderer.name] ??= {})[kb] ??= []).push(result);
          const seconds = ((Date.now() - started) / 1000).toFixed(0);
          console.error(
            `[${seconds}s] round ${round} ${renderer.name} ${kb} KB: total ${result.total.toFixed(0)} ms, wall ${result.wall.toFixed(0)} ms, ` +
              `updates ${result.sumUpdates.toFixed(0)} ms, longest ${Math.max(...result.updates).toFixed(2)} ms`,
          );
        }
        await page.close();
      }
    }
  } finally {
    await browser.close();
    server.close();
    await rm(outDir, { recursive: true, force: true });
  }
  await summariseAll(renderers, answers, runs, options);
}

async function summariseAll(renderers, answers, runs, options) {
  const medians = {};
  for (const { name } of renderers) {
    medians[name] = Object.fromEntries(answers.map(({ kb }) => [kb, summarise(runs[name][kb])]));
  }
  const largest = Math.max(...answers.map(({ kb }) => kb));
  const growthFrom = answers.some(({ kb }) => kb === 50) ? 50 : null;
  const rows = renderers.map(({ name, label, stride }) => {
    const at = medians[name];
    return {
      renderer: label,
      ...Object.fromEntries(answers.map(({ kb }) => [`total ${kb} KB`, `${Math.round(at[kb].total)} ms`])),
      'longest update': `${at[largest].maxUpdate.toFixed(2)} ms`,
      'mean update, last 10%': `${at[largest].meanEnd.toFixed(3)} ms`,
      [`growth 50→${largest} KB`]: growthFrom ? (at[largest].total / at[growthFrom].total).toFixed(2) : '–',
      measured: stride === 1 ? 'every update' : `every ${stride}th update`,
    };
  });
  await report(options.follow ? 'markdown-follow' : 'markdown', rows, {
    follow: options.follow,
    method: 'bench/README.md, section "Markdown"',
    browser: findChromium(),
    runs: options.runs,
    renderers: renderers.map(({ name, label, stride }) => ({ name, label, stride })),
    results: medians,
  });
  if (medians.parley && medians.floor) {
    const p = medians.parley[largest];
    const f = medians.floor[largest];
    const lines = [
      `\nAt ${largest} KB:`,
      `  total, Parley / floor: ${(p.total / f.total).toFixed(2)} (target ≤ 1.5)`,
      medians.streamdown && `  total, Streamdown / Parley: ${(medians.streamdown[largest].total / p.total).toFixed(1)} (target ≥ 5)`,
      medians['react-markdown'] && `  total, react-markdown / Parley: ${(medians['react-markdown'][largest].total / p.total).toFixed(1)} (target ≥ 50)`,
      growthFrom &&
        `  growth 50→${largest} KB: Parley ${(p.total / medians.parley[growthFrom].total).toFixed(2)}, floor ${(f.total / medians.floor[growthFrom].total).toFixed(2)} (target: no more than 0.2 above the floor's)`,
      `  mean update over the last 10%, Parley / floor: ${(p.meanEnd / f.meanEnd).toFixed(2)} (target ≤ 1.5)`,
      `  longest update, Parley: ${p.maxUpdate.toFixed(2)} ms at step ${p.maxUpdateStep} of ${p.steps} (target ≤ 8 ms)`,
    ].filter(Boolean);
    console.log(lines.join('\n'));
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
