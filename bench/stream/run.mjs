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

/** Before any page script: records long tasks, and when the reply's last token is on screen. */
function instrument(lastToken) {
  const w = window;
  w.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const check = () => {
    if (w.__shownAt !== undefined) return;
    const articles = document.querySelectorAll('article');
    const last = articles[articles.length - 1];
    if (last && last.textContent.includes(lastToken)) w.__shownAt = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
}

async function measureOnce(browser, appUrl, server, tokens) {
  const page = await browser.newPage();
  const lastToken = tokens.at(-1).trim();
  await page.addInitScript(instrument, lastToken);
  await page.goto(appUrl);
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(PROMPT);
  const sentAt = await page.evaluate(() => performance.now());
  await box.press('Enter');
  await page.waitForFunction(() => window.__shownAt !== undefined, null, { timeout: 120_000, polling: 500 });
  const shownAt = await page.evaluate(() => window.__shownAt);
  // While streaming: from the moment the request went out (the chat page has loaded by then).
  const longest = await page.evaluate(() => {
    const request = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/chat/completions')).at(0);
    const from = request ? request.startTime : 0;
    return Math.max(0, ...window.__longTasks.filter((t) => t.start >= from && t.start <= window.__shownAt).map((t) => t.duration));
  });
  const request = server.requests.filter((r) => r.path.endsWith('/chat/completions') && r.body?.stream).at(-1);
  const { response } = request;
  // Two processes, two clocks: compare durations. Server: request received → last byte flushed.
  // Page: fetch started → whole text on screen (loopback adds well under a millisecond).
  const serverMs = response.lastByteAt - request.receivedAt;
  const pageMs = await page.evaluate(() => {
    const entry = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/chat/completions')).at(0);
    return entry ? window.__shownAt - entry.startTime : NaN;
  });
  await page.close();
  return { serverMs, pageMs, longest, bytes: response.bytes, shownAfterSend: shownAt - sentAt, firstToLastByteMs: response.lastByteAt - response.firstByteAt };
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
        { measure: `server: first to last byte (${TOKENS.toLocaleString()} tokens, ${Math.round(runs[0].bytes / 1024)} KB)`, 'median ms': pick('firstToLastByteMs') },
        { measure: 'server: request received → last byte', 'median ms': serverMs },
        { measure: 'page: request sent → whole text on screen', 'median ms': pageMs },
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
