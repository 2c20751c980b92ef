// `npm run bench:budget` (issue 12): the first screen's sizes from the build's metafile, cold
// start in Chromium with and without throttling, and the JS heap (heap.mjs; `-- --heap-only`
// for it alone). Sizes are asserted by test/budget.test.ts; times and heap are only reported.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../../src/server/static-server.mjs';
import { launchBrowser } from '../../test/support/browser.mjs';
import { seedDatabase } from '../store/seed.mjs';
import { report } from '../support/report.mjs';
import { SIZE_CEILINGS, SIZE_TARGETS, TIME_TARGETS } from './budgets.mjs';
import { measureHeap, STORE } from './heap.mjs';
import { measureSizes } from './sizes.mjs';

/** The throttling: a mid-range phone on a slow connection. */
const THROTTLE = { cpuRate: 4, bitsPerSecond: 1.6e6, rttMs: 150 };
/** A chat of this many messages is opened cold. */
const READABLE_CHAT_MESSAGES = 200;
/** `--heap-only`: skip the cold starts (minutes) and report the heap figures alone, to bench/results/budget-heap.json. */
const HEAP_ONLY = process.argv.includes('--heap-only');
/** Cold starts per figure; the median is reported. */
const RUNS = 3;
/** Generous: a throttled cold start of a seeded store can take long on two shared cores. */
const WAIT_MS = 120_000;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value) => `${Math.round(value)} ms`;

/** A page with an empty HTTP cache, throttled when asked. */
async function coldPage(browser, throttled) {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttled) {
    const bytesPerSecond = THROTTLE.bitsPerSecond / 8;
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: THROTTLE.rttMs, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE.cpuRate });
  }
  return { page, cdp };
}

/** Milliseconds from navigation start until `ready` holds in the page. */
async function timeUntil(page, url, ready, arg) {
  await page.goto(url, { waitUntil: 'commit', timeout: WAIT_MS });
  await page.waitForFunction(ready, arg, { timeout: WAIT_MS, polling: 'raf' });
  return page.evaluate(() => performance.now());
}

/** Home interactive: the composer is there, enabled, and takes a typed character. */
function composerAcceptsInput() {
  const box = document.getElementById('home-composer');
  if (!(box instanceof HTMLTextAreaElement) || box.disabled) return false;
  box.focus();
  return document.activeElement === box;
}

/** A chat readable: its messages are on screen, with their text. */
function messagesShown() {
  return [...document.querySelectorAll('article')].some((article) => (article.textContent ?? '').trim().length > 0);
}

async function coldStarts(browser, url, chatId) {
  const rows = [];
  for (const throttled of [true, false]) {
    const home = [];
    const chat = [];
    for (let run = 0; run < RUNS; run += 1) {
      const first = await coldPage(browser, throttled);
      home.push(await timeUntil(first.page, url, composerAcceptsInput));
      await first.page.close();
      const second = await coldPage(browser, throttled);
      chat.push(await timeUntil(second.page, `${url}chat/${chatId}`, messagesShown));
      await second.page.close();
    }
    const label = throttled ? `throttled (${THROTTLE.cpuRate}× CPU, ${THROTTLE.bitsPerSecond / 1e6} Mbit/s, ${THROTTLE.rttMs} ms RTT)` : 'unthrottled';
    rows.push({ figure: `home interactive, ${label}`, measured: ms(median(home)), target: throttled ? `≤ ${ms(TIME_TARGETS.homeInteractiveThrottled)}` : '—' });
    rows.push({ figure: `${READABLE_CHAT_MESSAGES}-message chat readable, ${label}`, measured: ms(median(chat)), target: throttled ? `≤ ${ms(TIME_TARGETS.chatReadableThrottled)}` : '—' });
  }
  return rows;
}

/** Seeds a store on the app's origin, from a missing asset's page so no app code holds the database open. */
async function seed(browser, url, options) {
  const page = await browser.newPage();
  await page.goto(`${url}assets/seed.txt`);
  await page.evaluate(() => new Promise((resolve) => (indexedDB.deleteDatabase('parley').onsuccess = resolve)));
  const { longChatId } = await page.evaluate(seedDatabase, options);
  await page.close();
  return longChatId;
}

const dir = await mkdtemp(path.join(tmpdir(), 'parley-budget-'));
const sizes = await measureSizes(dir);
const server = await startServer({ dir, port: 0 });
const url = server.url.replace('localhost', '127.0.0.1');
const browser = await launchBrowser();
try {
  if (HEAP_ONLY) {
    await report('budget-heap', await measureHeap(browser, url));
  } else {
    const rows = [
      { figure: 'first screen JS (gzip -9)', measured: kb(sizes.firstScreenJs), target: `≤ ${kb(SIZE_TARGETS.firstScreenJs)} (held at ${kb(SIZE_CEILINGS.firstScreenJs)})` },
      { figure: `  of which Parley's own (React ${kb(sizes.react)})`, measured: kb(sizes.firstScreenOwnJs), target: `≤ ${kb(SIZE_TARGETS.firstScreenOwnJs)} (held at ${kb(SIZE_CEILINGS.firstScreenOwnJs)})` },
      { figure: 'first screen CSS (gzip -9)', measured: kb(sizes.firstScreenCss), target: `≤ ${kb(SIZE_TARGETS.firstScreenCss)}` },
      { figure: 'a chat page adds: JS / CSS', measured: `${kb(sizes.chatPageJs)} / ${kb(sizes.chatPageCss)}`, target: 'reported' },
    ];
    const chatId = await seed(browser, url, { chats: 2, messages: READABLE_CHAT_MESSAGES + 1, longChatMessages: READABLE_CHAT_MESSAGES, needle: STORE.needle });
    rows.push(...(await coldStarts(browser, url, chatId)));
    console.log('sizes and cold start:', JSON.stringify(rows, null, 1));
    try {
      rows.push(...(await measureHeap(browser, url)));
    } catch (error) {
      // The heap figures need the seeded store and many navigations; a failure there keeps the rest.
      rows.push({ figure: 'JS heap figures', measured: `not measured: ${String(error).split('\n')[0]}`, target: 'reported' });
    }
    await report('budget', rows, { runs: RUNS, throttle: THROTTLE, files: sizes.files });
  }
} finally {
  await browser.close();
  await server.close();
  await rm(dir, { recursive: true, force: true });
}
