// `npm run bench:store`: Parley with 10,000 chats and 200,000 messages stored, in Chromium.
// Measures: load → interactive sidebar, opening a 2,000-message chat, searching all message text.
import { launchBrowser } from '../../test/support/browser.mjs';
import { report } from '../support/report.mjs';
import { serveBuild } from '../support/serve-build.mjs';
import { seedDatabase } from './seed.mjs';

const CHATS = 10_000;
const MESSAGES = 200_000;
const LONG_CHAT_MESSAGES = 2_000;
/** Appears once, in one message: finding it means reading every message. */
const NEEDLE = 'quixotezanzibar';
/** In many messages (and no title starts with it): the first matches come from message text. */
const COMMON_WORD = 'throughput';
/** A main-thread task longer than this is a "long task" (the browser's own definition). */
const LONG_TASK_MS = 50;
/** "Interactive": the main thread has been free of long tasks for this long. */
const QUIET_WINDOW_MS = 200;
const RUNS = 3;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Installed before any page script: records long tasks and when the sidebar got its entries. */
function instrument() {
  const w = window;
  w.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__longTasks.push({ start: entry.startTime, end: entry.startTime + entry.duration, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  const watch = () => {
    if (w.__sidebarAt === undefined && document.querySelector('nav a[href*="chat/"]')) w.__sidebarAt = performance.now();
  };
  new MutationObserver(watch).observe(document, { childList: true, subtree: true });
}

/** Waits until no long task has started for QUIET_WINDOW_MS; returns the end of the last one before. */
async function interactiveAfter(page, from) {
  return page.evaluate(
    ({ from, quiet }) =>
      new Promise((resolve) => {
        const check = () => {
          const tasks = window.__longTasks.filter((t) => t.end > from);
          const lastEnd = tasks.length ? Math.max(...tasks.map((t) => t.end)) : from;
          if (performance.now() - lastEnd >= quiet) resolve({ at: lastEnd, longest: Math.max(0, ...tasks.map((t) => t.duration)) });
          else setTimeout(check, 25);
        };
        check();
      }),
    { from, quiet: QUIET_WINDOW_MS },
  );
}

async function measureOnce(browser, url, longChatId) {
  const page = await browser.newPage();
  await page.addInitScript(instrument);
  await page.goto(url);
  await page.waitForFunction(() => window.__sidebarAt !== undefined, null, { timeout: 60_000 });
  const sidebarAt = await page.evaluate(() => window.__sidebarAt);
  const sidebar = await interactiveAfter(page, 0);
  const sidebarInteractive = Math.max(sidebarAt, sidebar.at);

  // Open the 2,000-message chat from the sidebar, as a user would.
  const openStart = await page.evaluate(() => performance.now());
  await page.locator(`nav a[href$="chat/${longChatId}"]`).first().click();
  // First screen: the newest messages are there; complete: every one of the 2,000 is in the DOM.
  await page.waitForFunction(() => document.querySelectorAll('article').length > 0, null, { timeout: 60_000, polling: 'raf' });
  const firstScreen = await page.evaluate(() => performance.now());
  await page.waitForFunction((n) => document.querySelectorAll('article').length >= n, LONG_CHAT_MESSAGES, { timeout: 60_000, polling: 'raf' });
  const openEnd = await page.evaluate(() => performance.now());
  const open = await interactiveAfter(page, openStart);

  // Search: first a common word (results appear while typing), then a word that occurs once.
  await page.keyboard.press('Control+k');
  const box = page.getByRole('combobox');
  await box.waitFor();
  const commonStart = await page.evaluate(() => performance.now());
  await box.fill(COMMON_WORD);
  await page.getByRole('option').first().waitFor({ timeout: 60_000 });
  const commonEnd = await page.evaluate(() => performance.now());
  await box.fill('');
  const searchStart = await page.evaluate(() => performance.now());
  await box.fill(NEEDLE);
  await page.getByRole('option').first().waitFor({ timeout: 60_000 });
  const searchEnd = await page.evaluate(() => performance.now());
  const search = await interactiveAfter(page, searchStart);
  await page.close();
  return {
    sidebarVisible: sidebarAt,
    sidebarInteractive,
    sidebarLongest: sidebar.longest,
    openFirst: firstScreen - openStart,
    openChat: openEnd - openStart,
    openLongest: open.longest,
    searchCommon: commonEnd - commonStart,
    search: searchEnd - searchStart,
    searchLongest: search.longest,
  };
}

async function main() {
  const app = await serveBuild();
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    // A same-origin page that is not the app: the app must not be holding the database open.
    await page.goto(app.url + 'assets/seed.txt');
    console.log(`Seeding ${CHATS.toLocaleString()} chats and ${MESSAGES.toLocaleString()} messages…`);
    const seeded = performance.now();
    const { longChatId } = await page.evaluate(seedDatabase, { chats: CHATS, messages: MESSAGES, longChatMessages: LONG_CHAT_MESSAGES, needle: NEEDLE });
    console.log(`Seeded in ${Math.round((performance.now() - seeded) / 1000)} s`);
    await page.close();

    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await measureOnce(browser, app.url, longChatId));
    const pick = (key) => Math.round(median(runs.map((r) => r[key])));
    await report(
      'store',
      [
        { measure: 'load → sidebar shows chats', 'median ms': pick('sidebarVisible'), 'longest task ms': pick('sidebarLongest') },
        { measure: 'load → sidebar interactive', 'median ms': pick('sidebarInteractive'), 'longest task ms': pick('sidebarLongest') },
        { measure: `open a ${LONG_CHAT_MESSAGES.toLocaleString()}-message chat: newest messages shown`, 'median ms': pick('openFirst'), 'longest task ms': pick('openLongest') },
        { measure: `open a ${LONG_CHAT_MESSAGES.toLocaleString()}-message chat: all rendered`, 'median ms': pick('openChat'), 'longest task ms': pick('openLongest') },
        { measure: `search: first results for a common word ("${COMMON_WORD}")`, 'median ms': pick('searchCommon'), 'longest task ms': pick('searchLongest') },
        { measure: `search all ${MESSAGES.toLocaleString()} messages for a word found once`, 'median ms': pick('search'), 'longest task ms': pick('searchLongest') },
      ],
      { chats: CHATS, messages: MESSAGES, runs: RUNS, raw: runs },
    );
  } finally {
    await browser.close();
    await app.close();
  }
}

await main();
