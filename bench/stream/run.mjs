// `npm run bench:stream`: a 20,000-token reply sent by a local OpenAI-compatible server as fast
// as it can, streamed into the production app in Chromium. Does the page keep up?
import { benchmarkTokens, startOpenAiServer, textStream } from '../../test/support/openai-server/index.mjs';
import { launchBrowser } from '../../test/support/browser.mjs';
import { seedConnection } from '../../test/support/seed-connection.mjs';
import { report } from '../support/report.mjs';
import { serveBuild } from '../support/serve-build.mjs';

const TOKENS = 20_000;
const RUNS = 3;
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

async function measureOnce(browser, appUrl, server, tokens) {
  const page = await browser.newPage();
  await page.addInitScript(instrument, [tokens[0].trim(), tokens.at(-1).trim()]);
  await page.goto(appUrl);
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(PROMPT);
  const sentAt = await page.evaluate(() => performance.now());
  await box.press('Enter');
  await page.waitForFunction(() => window.__shownAt !== undefined, null, { timeout: 120_000, polling: 500 });
  const shownAt = await page.evaluate(() => window.__shownAt);
  const { firstAt, shownAt: lastAt, longest } = await page.evaluate(() => ({
    firstAt: window.__firstAt,
    shownAt: window.__shownAt,
    // While streaming: from the first token on screen to the last.
    longest: Math.max(0, ...window.__longTasks.filter((t) => t.start + t.duration >= window.__firstAt && t.start <= window.__shownAt).map((t) => t.duration)),
  }));
  const request = server.requests.filter((r) => r.path.endsWith('/chat/completions') && r.body?.stream).at(-1);
  const { response } = request;
  // Two processes, two clocks: compare durations. The server's first to last byte against the
  // page's first token on screen to last token on screen.
  const serverMs = response.lastByteAt - response.firstByteAt;
  const pageMs = lastAt - firstAt;
  await page.close();
  return { serverMs, pageMs, longest, bytes: response.bytes, shownAfterSend: lastAt - sentAt };
}

async function main() {
  const tokens = benchmarkTokens(TOKENS);
  const server = await startOpenAiServer({
    models: ['test-model'],
    // One token per chunk, every chunk written at once: as fast as the server and socket allow.
    script: (request) => (request.body?.stream ? { ...textStream(tokens, { chunkSize: 1 }), ignoreDelays: true } : { json: { choices: [{ message: { content: 'Bench' } }] } }),
  });
  const app = await serveBuild();
  const browser = await launchBrowser();
  try {
    const seedPage = await browser.newPage();
    await seedPage.goto(app.url + 'assets/seed.txt');
    await seedPage.evaluate(seedConnection, { baseUrl: server.url });
    await seedPage.close();
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await measureOnce(browser, app.url, server, tokens));
    const pick = (key) => Math.round(median(runs.map((r) => r[key])));
    const serverMs = pick('serverMs');
    const pageMs = pick('pageMs');
    await report(
      'stream',
      [
        { measure: `server: first to last byte (${TOKENS.toLocaleString()} tokens, ${Math.round(runs[0].bytes / 1024)} KB)`, 'median ms': serverMs },
        { measure: 'page: first token to whole text on screen', 'median ms': pageMs },
        { measure: 'page behind the server', 'median ms': `${pageMs - serverMs} (${Math.round(((pageMs - serverMs) / serverMs) * 100)} %)` },
        { measure: 'longest main-thread task while streaming', 'median ms': pick('longest') },
      ],
      { tokens: TOKENS, runs: RUNS, raw: runs },
    );
  } finally {
    await browser.close();
    await app.close();
    await server.close();
  }
}

await main();
