// `npm run bench:stream`: a 20,000-token reply sent by a local OpenAI-compatible server as fast
// as it can, streamed into the production app in Chromium, and into a floor page that only shows
// the text. Does the page keep up? Method and figures: bench/README.md.
import { fileURLToPath } from 'node:url';
import { startServer } from '../../src/server/static-server.mjs';
import { benchmarkTokens, startOpenAiServer, textStream } from '../../test/support/openai-server/index.mjs';
import { launchBrowser } from '../../test/support/browser.mjs';
import { seedConnection } from '../../test/support/seed-connection.mjs';
import { printTable, report } from '../support/report.mjs';
import { cpuBetween, cpuSnapshot } from './cpu-usage.mjs';
import { serveBuild } from '../support/serve-build.mjs';

const TOKENS = 20_000;
/** Runs per page (medians); `--runs N` to change. Each run is noisy on a small machine. */
const RUNS = 7;
const MODEL = 'test-model';
const FLOOR_DIR = fileURLToPath(new URL('floor', import.meta.url));
const PROMPT = 'Write the benchmark reply.';
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Before any page script: records long tasks, and when the reply's first and last tokens are on
 * screen. Only the text each mutation adds is searched, so watching costs the page next to
 * nothing however long the reply grows (reading the whole reply each time would be a benchmark
 * cost of its own, quadratic in the reply).
 */
function instrument([firstToken, lastToken]) {
  const w = window;
  w.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const inReply = (node) => {
    const element = node.nodeType === Node.ELEMENT_NODE ? node : node.parentElement;
    return element?.closest('article[aria-label="Assistant"]') != null;
  };
  const seen = (text) => {
    const now = performance.now();
    if (w.__firstAt === undefined && text.includes(firstToken)) w.__firstAt = now;
    if (w.__shownAt === undefined && text.includes(lastToken)) w.__shownAt = now;
  };
  new MutationObserver((records) => {
    if (w.__shownAt !== undefined) return;
    for (const record of records) {
      if (record.type === 'characterData') {
        if (inReply(record.target)) seen(record.target.data);
        continue;
      }
      for (const node of record.addedNodes) if (inReply(node)) seen(node.textContent);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * One reply into a fresh page at `url`: `prepare` readies it, `send` asks for the reply. Returns
 * the page's figures, the server's, and the CPU used from send to the last token on screen.
 */
async function measure(browser, url, server, marks, { prepare = async () => {}, send }) {
  const page = await browser.newPage();
  await page.addInitScript(instrument, marks);
  await page.goto(url);
  await prepare(page);
  const cpuBefore = cpuSnapshot();
  const sentAt = await page.evaluate(() => performance.now());
  await send(page);
  await page.waitForFunction(() => window.__shownAt !== undefined, null, { timeout: 120_000, polling: 100 });
  const figures = await page.evaluate((sent) => ({
    firstAt: window.__firstAt,
    lastAt: window.__shownAt,
    shownAfterSend: window.__shownAt - sent,
    // While streaming: from the first token on screen to the last.
    longest: Math.max(0, ...window.__longTasks.filter((t) => t.start + t.duration >= window.__firstAt && t.start <= window.__shownAt).map((t) => t.duration)),
  }), sentAt);
  const cpu = cpuBetween(cpuBefore, cpuSnapshot());
  await page.close();
  return { ...withServer(figures, server), cpu };
}

/** The app: a message sent from the home page, as a user would. */
const appPage = {
  prepare: (page) => page.getByRole('textbox', { name: 'Message' }).fill(PROMPT),
  send: (page) => page.getByRole('textbox', { name: 'Message' }).press('Enter'),
};

/**
 * The floor page (bench/stream/floor): the least any page could do with the reply. With
 * `bytesOnly` (the first and last tokens) it parses nothing and shows those when their bytes arrive.
 */
const floorPage = (server, bytesOnly) => ({
  send: (page) => page.evaluate(([api, model, only]) => window.startFloor(api, model, only), [`${server.url}/chat/completions`, MODEL, bytesOnly]),
});

/**
 * Two processes, two clocks: durations are compared, never instants. The server's first to last
 * byte against the page's first token on screen to last token on screen.
 */
function withServer({ firstAt, lastAt, longest, shownAfterSend }, server) {
  const { response } = server.requests.filter((r) => r.path.endsWith('/chat/completions') && r.body?.stream).at(-1);
  const serverMs = response.lastByteAt - response.firstByteAt;
  const pageMs = lastAt - firstAt;
  return { serverMs, pageMs, behind: (pageMs - serverMs) / serverMs, longest, bytes: response.bytes, shownAfterSend };
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

function parseArgs(argv) {
  const index = argv.indexOf('--runs');
  return { runs: index === -1 ? RUNS : Number(argv[index + 1]) };
}

async function main() {
  const { runs } = parseArgs(process.argv.slice(2));
  const tokens = benchmarkTokens(TOKENS);
  const server = await startOpenAiServer({
    models: [MODEL],
    // One token per chunk, every chunk written at once: as fast as the server and socket allow.
    script: (request) => (request.body?.stream ? { ...textStream(tokens, { chunkSize: 1 }), ignoreDelays: true } : { json: { choices: [{ message: { content: 'Bench' } }] } }),
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
    const marks = [tokens[0].trim(), tokens.at(-1).trim()];
    const pages = [
      { name: 'Parley', measure: () => measure(browser, app.url, server, marks, appPage) },
      { name: 'Floor: text only', measure: () => measure(browser, floorUrl, server, marks, floorPage(server)) },
      { name: 'Floor: bytes only (no parsing)', measure: () => measure(browser, floorUrl, server, marks, floorPage(server, marks)) },
    ];
    // A first round warms the browser (its caches, the server's JIT) and is not counted.
    for (const { measure } of pages) await measure();
    const results = pages.map(() => []);
    for (let i = 0; i < runs; i += 1) for (const [index, { measure }] of pages.entries()) results[index].push(await measure());
    const pick = (list, key) => median(list.map((r) => r[key]));
    const rows = pages.map(({ name }, index) => ({
      page: name,
      'server first→last byte': `${Math.round(pick(results[index], 'serverMs'))} ms`,
      'page first→last token on screen': `${Math.round(pick(results[index], 'pageMs'))} ms`,
      'page behind the server': `${Math.round(pick(results[index], 'behind') * 100)} %`,
      'longest task while streaming': `${Math.round(pick(results[index], 'longest'))} ms`,
    }));
    const cpu = cpuTable(pages, results);
    await report('stream', rows, {
      tokens: TOKENS,
      bytes: results[0][0].bytes,
      runs,
      cpu,
      raw: Object.fromEntries(pages.map(({ name }, index) => [name, results[index]])),
    });
    if (cpu) {
      console.log('');
      printTable(cpu);
    }
  } finally {
    await browser.close();
    await app.close();
    await floor.close();
    await server.close();
  }
}

await main();
