// `npm run bench:stream`: a 20,000-token reply sent by a local OpenAI-compatible server as fast
// as it can, streamed into the production app in Chromium, and into floor pages that only show
// the text (as one text node, or as a <p> per blank-line block); then a reply paced like the
// fastest hosted models (2,000 tokens/s). Does the page keep up, and how busy is its main thread?
// Method and figures: bench/README.md.
import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../src/server/static-server.mjs';
import { benchmarkTokens, startOpenAiServer, textStream } from '../../test/support/openai-server/index.mjs';
import { launchBrowser } from '../../test/support/browser.mjs';
import { seedConnection } from '../../test/support/seed-connection.mjs';
import { printTable, report } from '../support/report.mjs';
import { cpuBetween, cpuSnapshot } from './cpu-usage.mjs';
import { printProfile, startProfile } from '../support/cpu-profile.mjs';
import { FIRST_MARK, LAST_MARK, mainThreadFigures, startTrace } from './main-thread-trace.mjs';
import { serveBuild } from '../support/serve-build.mjs';
import { COMPARE_RATIO_TARGET, runCompareStreams } from './compare-streams.mjs';
import { markTokens } from './token-marks.mjs';

const TOKENS = 20_000;
/** The paced reply: as fast as the fastest hosted models stream (2,000 tokens/s). */
const PACED_TOKENS = 4_000;
const PACED_TOKENS_PER_SECOND = 2_000;
/** The paced server writes a batch of tokens this often (Node's timers are not finer than ~1 ms). */
const PACED_WRITE_EVERY_MS = 10;
/**
 * Targets (issue 25): Parley's page time, and its main thread's busy time, against the paragraph
 * floor's at full speed (1.15 × the aim); paced, the last token's lag.
 */
const FLOOR_RATIO_TARGET = 1.5;
const FLOOR_RATIO_AIM = 1.15;
const BUSY_RATIO_TARGET = 1.5;
const PACED_LAG_TARGET_MS = 20;
const LONG_TASK_TARGET_MS = 50;
/** Rounds (medians of the per-round ratios); `--runs N` to change. Each run is noisy on a small machine. */
const RUNS = 15;
const MODEL = 'test-model';
const FLOOR_DIR = fileURLToPath(new URL('floor', import.meta.url));
const PROMPT = 'Write the benchmark reply.';
/** Paced rounds: the lag is a few ms and steady, fewer rounds do. */
const PACED_RUNS = 7;
/** Where each page is compared: the paragraph floor's index in the pages. */
const FLOOR = 1;
/** Rounds of the three-streams comparison: each is a few seconds of streaming. */
const COMPARE_RUNS = 9;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * One reply into a fresh page at `url`: `prepare` readies it, `send` asks for the reply. Returns
 * the page's figures, the server's, and the CPU used from send to the last token on screen.
 */
async function measure(browser, url, server, marks, { prepare = async () => {}, send, profile = null }) {
  const page = await browser.newPage();
  await page.addInitScript(markTokens, [marks[0], [marks[1]], FIRST_MARK, LAST_MARK]);
  await page.goto(url);
  await prepare(page);
  const trace = await startTrace(page);
  const profiler = profile ? await startProfile(page) : null;
  const cpuBefore = cpuSnapshot();
  const sentAt = await page.evaluate(() => performance.now());
  await send(page);
  await page.waitForFunction(() => window.__shownAt !== undefined, null, { timeout: 120_000, polling: 100 });
  const figures = await page.evaluate((sent) => ({
    firstAt: window.__firstAt,
    lastAt: window.__shownAt,
    // Wall-clock time (same system clock as the server's process) of the last token on screen.
    lastEpoch: performance.timeOrigin + window.__shownAt,
    shownAfterSend: window.__shownAt - sent,
    // While streaming: from the first token on screen to the last.
    longest: Math.max(0, ...window.__longTasks.filter((t) => t.start + t.duration >= window.__firstAt && t.start <= window.__shownAt).map((t) => t.duration)),
  }), sentAt);
  const cpu = cpuBetween(cpuBefore, cpuSnapshot());
  const events = await trace.stop();
  if (process.env.BENCH_TRACE_DIR) await writeFile(`${process.env.BENCH_TRACE_DIR}/${new URL(url).port}-${Date.now()}.json`, JSON.stringify(events));
  const mainThread = mainThreadFigures(events);
  await profiler?.stop(profile, mainThread?.window);
  await page.close();
  return { ...withServer(figures, server), cpu, busyMs: mainThread?.busyMs, busyCpuMs: mainThread?.cpuMs, mainThread };
}

/** The app: a message sent from the home page, as a user would. */
const appPage = {
  prepare: (page) => page.getByRole('textbox', { name: 'Message' }).fill(PROMPT),
  send: (page) => page.getByRole('textbox', { name: 'Message' }).press('Enter'),
};

/**
 * The floor pages (bench/stream/floor): the least any page could do with the reply, shown as one
 * text node or (`shape` 'paragraphs') a <p> per blank-line block. With `bytesOnly` (the first and
 * last tokens) it parses nothing and shows those when their bytes arrive.
 */
const floorPage = (server, { bytesOnly = null, shape = 'text' } = {}) => ({
  send: (page) =>
    page.evaluate(([api, model, only, how]) => window.startFloor(api, model, only, how), [`${server.url}/chat/completions`, MODEL, bytesOnly, shape]),
});

/**
 * Two processes, two clocks: durations are compared, never instants. The server's first to last
 * byte against the page's first token on screen to last token on screen.
 */
function withServer({ firstAt, lastAt, lastEpoch, longest, shownAfterSend }, server) {
  const { response } = server.requests.filter((r) => r.path.endsWith('/chat/completions') && r.body?.stream).at(-1);
  const serverMs = response.lastByteAt - response.firstByteAt;
  const pageMs = lastAt - firstAt;
  // Both processes read the same system clock through performance.timeOrigin: instants can be
  // compared to within a millisecond, which the paced run needs (its lag is a few ms, not a ratio).
  const lastLagMs = lastEpoch - (performance.timeOrigin + response.lastByteAt);
  return { serverMs, pageMs, behind: (pageMs - serverMs) / serverMs, lastLagMs, longest, bytes: response.bytes, shownAfterSend };
}

/**
 * The paced reply: one token per SSE event, as at full speed, but written in batches every
 * PACED_WRITE_EVERY_MS so that the server sends PACED_TOKENS_PER_SECOND.
 */
function pacedStream(tokens) {
  const { steps, ...rest } = textStream(tokens, { chunkSize: 1 });
  const perWrite = Math.round((PACED_TOKENS_PER_SECOND * PACED_WRITE_EVERY_MS) / 1000);
  const batches = [];
  for (let at = 0; at < steps.length; at += perWrite) {
    batches.push({ data: steps.slice(at, at + perWrite).map((step) => step.data).join(''), delayMs: at === 0 ? 0 : PACED_WRITE_EVERY_MS });
  }
  return { ...rest, steps: batches };
}

/** `runs` rounds (after one warm-up round) of every page; each page's results in order. */
async function rounds(pages, runs) {
  for (const { measure } of pages) await measure();
  const results = pages.map(() => []);
  for (let i = 0; i < runs; i += 1) for (const [index, { measure }] of pages.entries()) results[index].push(await measure());
  return results;
}

/** Median CPU ms per kind of thread, per page, from send to the last token on screen (Linux). */
function cpuTable(pages, results) {
  if (!results[0][0].cpu) return null;
  const kinds = [...new Set(results.flatMap((list) => list.flatMap((r) => Object.keys(r.cpu))))];
  return kinds.map((kind) => ({
    'CPU, send → last token': kind,
    ...Object.fromEntries(pages.map(({ name }, index) => [name, `${Math.round(median(results[index].map((r) => r.cpu[kind] ?? 0)))} ms`])),
  }));
}

/** Median main-thread self time per kind of work, per page, between the first and last token (trace). */
function mainThreadTable(pages, results) {
  const kinds = [...new Set(results.flatMap((list) => list.flatMap((r) => Object.keys(r.mainThread?.byKind ?? {}))))];
  return kinds.map((kind) => ({
    'main thread, first → last token': kind,
    ...Object.fromEntries(pages.map(({ name }, index) => [name, `${median(results[index].map((r) => r.mainThread?.byKind[kind] ?? 0)).toFixed(1)} ms`])),
  }));
}

/**
 * `--runs N`: rounds; `--quick`: Parley and the paragraph floor at full speed only;
 * `--profile`: a sampling CPU profile of Parley's main thread in every round, summed by function.
 */
function parseArgs(argv) {
  const index = argv.indexOf('--runs');
  return { runs: index === -1 ? RUNS : Number(argv[index + 1]), quick: argv.includes('--quick'), profile: argv.includes('--profile'), compareOnly: argv.includes('--compare') };
}

async function main() {
  const { runs, quick, profile: profiling, compareOnly } = parseArgs(process.argv.slice(2));
  if (compareOnly) return compareStreams(runs);
  const profile = profiling ? new Map() : null;
  const loadAverage = loadavg().map((load) => Number(load.toFixed(2)));
  const tokens = benchmarkTokens(TOKENS);
  const pacedTokens = benchmarkTokens(PACED_TOKENS);
  let paced = false;
  const server = await startOpenAiServer({
    models: [MODEL],
    // Full speed: one token per chunk, every chunk written at once, as fast as the server and
    // socket allow. Paced: see pacedStream.
    script: (request) => {
      if (!request.body?.stream) return { json: { choices: [{ message: { content: 'Bench' } }] } };
      return paced ? pacedStream(pacedTokens) : { ...textStream(tokens, { chunkSize: 1 }), ignoreDelays: true };
    },
  });
  const app = await serveBuild();
  const floor = await startServer({ dir: FLOOR_DIR, port: 0 });
  const floorUrl = floor.url.replace('localhost', '127.0.0.1');
  const browser = await launchBrowser();
  try {
    const seedPage = await browser.newPage();
    await seedPage.goto(app.url + 'assets/seed.txt');
    await seedPage.evaluate(seedConnection, { baseUrl: server.url });
    await seedPage.close();
    const pagesFor = (marks) =>
      [
        { name: 'Parley', measure: () => measure(browser, app.url, server, marks, { ...appPage, profile }) },
        { name: 'Floor: paragraphs', measure: () => measure(browser, floorUrl, server, marks, floorPage(server, { shape: 'paragraphs' })) },
        { name: 'Floor: text only', measure: () => measure(browser, floorUrl, server, marks, floorPage(server)) },
        { name: 'Floor: bytes only (no parsing)', measure: () => measure(browser, floorUrl, server, marks, floorPage(server, { bytesOnly: marks })) },
      ].slice(0, quick ? 2 : undefined);
    const pick = (list, key) => median(list.map((r) => r[key]));

    const pages = pagesFor([tokens[0].trim(), tokens.at(-1).trim()]);
    const results = await rounds(pages, runs);
    // Each page against the paragraph floor in the same round: both met the same machine state.
    const ratiosOf = (index, key) => results[index].map((r, i) => r[key] / results[FLOOR][i][key]);
    const ratio = (index, key) => {
      const list = ratiosOf(index, key);
      return index === FLOOR ? '1.00 ×' : `${median(list).toFixed(2)} × (${Math.min(...list).toFixed(2)}–${Math.max(...list).toFixed(2)})`;
    };
    const rows = pages.map(({ name }, index) => ({
      page: name,
      'server first→last byte': `${Math.round(pick(results[index], 'serverMs'))} ms`,
      'page first→last token on screen': `${Math.round(pick(results[index], 'pageMs'))} ms`,
      'page ÷ paragraph floor (same round)': ratio(index, 'pageMs'),
      'main thread busy, first→last token': `${Math.round(pick(results[index], 'busyMs'))} ms`,
      'busy ÷ paragraph floor': ratio(index, 'busyMs'),
      'main thread CPU, first→last token': `${Math.round(pick(results[index], 'busyCpuMs'))} ms`,
      'CPU ÷ paragraph floor': ratio(index, 'busyCpuMs'),
      'longest task while streaming': `${Math.round(pick(results[index], 'longest'))} ms`,
      'its CPU time (longest)': `${Math.round(median(results[index].map((r) => r.mainThread?.longestTaskCpuMs ?? 0)))} ms`,
    }));
    const cpu = cpuTable(pages, results);
    const mainThread = mainThreadTable(pages, results);

    let pacedRows = [];
    let pacedResults = [[]];
    if (!quick) {
      paced = true;
      const pacedPages = pagesFor([pacedTokens[0].trim(), pacedTokens.at(-1).trim()]).slice(0, 3);
      pacedResults = await rounds(pacedPages, Math.min(runs, PACED_RUNS));
      pacedRows = pacedPages.map(({ name }, index) => {
        const list = pacedResults[index];
        return {
          'page (paced)': name,
          'server tokens/s': `${Math.round(median(list.map((r) => PACED_TOKENS / (r.serverMs / 1000))))}`,
          'last token on screen after the last byte': `${Math.round(pick(list, 'lastLagMs'))} ms (worst ${Math.round(Math.max(...list.map((r) => r.lastLagMs)))} ms)`,
          'main thread busy, first→last token': `${Math.round(pick(list, 'busyMs'))} ms`,
          'longest task while streaming': `${Math.round(pick(list, 'longest'))} ms (worst ${Math.round(Math.max(...list.map((r) => r.longest)))} ms)`,
          'longest task CPU time': `${Math.round(median(list.map((r) => r.mainThread?.longestTaskCpuMs ?? 0)))} ms (worst ${Math.round(Math.max(...list.map((r) => r.mainThread?.longestTaskCpuMs ?? 0)))} ms)`,
          'main thread CPU, first→last token': `${Math.round(pick(list, 'busyCpuMs'))} ms`,
        };
      });
    }

    const verdict = {
      fullSpeedRatio: median(ratiosOf(0, 'pageMs')),
      fullSpeedRatioTarget: FLOOR_RATIO_TARGET,
      fullSpeedRatioAim: FLOOR_RATIO_AIM,
      busyRatio: median(ratiosOf(0, 'busyMs')),
      busyRatioTarget: BUSY_RATIO_TARGET,
      busyCpuRatio: median(ratiosOf(0, 'busyCpuMs')),
      pacedLastLagMs: quick ? null : pick(pacedResults[0], 'lastLagMs'),
      pacedLastLagTargetMs: PACED_LAG_TARGET_MS,
      pacedLongestTaskMs: quick ? null : Math.max(...pacedResults[0].map((r) => r.longest)),
      pacedLongestTaskCpuMs: quick ? null : Math.max(...pacedResults[0].map((r) => r.mainThread?.longestTaskCpuMs ?? 0)),
      longTaskTargetMs: LONG_TASK_TARGET_MS,
    };
    await report(quick ? 'stream-quick' : 'stream', rows, {
      tokens: TOKENS,
      bytes: results[0][0].bytes,
      runs,
      load: loadAverage,
      cpu,
      mainThread,
      paced: { tokens: PACED_TOKENS, tokensPerSecond: PACED_TOKENS_PER_SECOND, rows: pacedRows },
      verdict,
      raw: Object.fromEntries(pages.map(({ name }, index) => [name, results[index]])),
      rawPaced: pacedResults,
    });
    for (const table of [pacedRows, mainThread, cpu]) {
      if (!table || table.length === 0) continue;
      console.log('');
      printTable(table);
    }
    if (profile) printProfile(profile, 'CPU profile of Parley, first → last token on screen, self time summed over rounds:');
    if (!quick) await compareStreams(runs, browser, app);
    console.log(
      `\nLoad average at the start: ${loadAverage.join(', ')}.` +
        `\nTargets: Parley ≤ ${FLOOR_RATIO_TARGET} × the paragraph floor at full speed, ${FLOOR_RATIO_AIM} × the aim (median ${verdict.fullSpeedRatio.toFixed(2)} ×); ` +
        `main thread busy ≤ ${BUSY_RATIO_TARGET} × the floor's (median ${verdict.busyRatio.toFixed(2)} ×)` +
        (quick
          ? '.'
          : `; paced, last token ≤ ${PACED_LAG_TARGET_MS} ms after the last byte (median ${Math.round(verdict.pacedLastLagMs)} ms), ` +
            `no task over ${LONG_TASK_TARGET_MS} ms (worst ${Math.round(verdict.pacedLongestTaskMs)} ms on the clock, ${Math.round(verdict.pacedLongestTaskCpuMs)} ms of CPU).`),
    );
  } finally {
    await browser.close();
    await app.close();
    await floor.close();
    await server.close();
  }
}

/** Three streams at once (issue 38), alone (`--compare`) or after the rest (compare-streams.mjs). */
async function compareStreams(runs, browser = null, app = null) {
  const ownBrowser = !browser;
  browser ??= await launchBrowser();
  app ??= await serveBuild();
  try {
    const loadAverage = loadavg().map((load) => Number(load.toFixed(2)));
    const { rows, verdict, raw } = await runCompareStreams({ browser, appUrl: app.url, runs: Math.min(runs, COMPARE_RUNS) });
    await report('stream-compare', rows, { load: loadAverage, verdict, raw });
    console.log(
      `\nThree streams at once: main-thread time per token ${verdict.busyPerTokenRatio.toFixed(2)} × one stream's (median of ${raw.one.length} interleaved rounds, ` +
        `${verdict.busyPerTokenRatioRange.map((r) => r.toFixed(2)).join('–')}); CPU per token ${verdict.cpuPerTokenRatio.toFixed(2)} ×. Target ≤ ${COMPARE_RATIO_TARGET} ×.`,
    );
    return verdict;
  } finally {
    if (ownBrowser) {
      await browser.close();
      await app.close();
    }
  }
}

await main();
