// What bench:long's rounds and its diagnosis share: the chats it seeds, a fresh page with CDP's
// metrics (and a phone's CPU), waiting for quiet, and the heap after a forced GC.
import { seedConnection } from '../../test/support/seed-connection.mjs';
import { seedChats } from './seed-chats.mjs';

/** A phone: Chromium's CPU throttled this many times (CDP Emulation.setCPUThrottlingRate). */
export const PHONE_SLOWDOWN = 4;
/** The page is quiet once a window this long sees less than QUIET_MS of main-thread tasks. */
const QUIET_WINDOW_MS = 1_000;
const QUIET_MS = 20;
export const WAIT_MS = 180_000;

export const BARE_TEXTAREA = '<!doctype html><meta charset="utf-8"><title>bare</title><textarea aria-label="Message" rows="3" cols="60"></textarea>';
/** The chats every origin gets: two long, two short (and the home page as the empty chat). */
export const chatPlan = (long, short) => [
  { key: 'long1', title: `Long chat one (${long})`, messages: long },
  { key: 'long2', title: `Long chat two (${long})`, messages: long },
  { key: 'short1', title: `Short chat one (${short})`, messages: short },
  { key: 'short2', title: `Short chat two (${short})`, messages: short },
];

/** Seeds the app's database at `url` (its origin) with the plan's chats and a connection. */
export async function seed(browser, url, serverUrl, plan) {
  const page = await browser.newPage();
  await page.goto(url + 'assets/seed.txt');
  const written = await page.evaluate(seedChats, plan.map(({ title, messages }) => ({ title, messages })));
  await page.evaluate(seedConnection, { baseUrl: serverUrl });
  await page.close();
  return Object.fromEntries(plan.map(({ key }, i) => [key, written[i]]));
}

/** A fresh page with CDP's Performance metrics on, and the CPU throttled for a phone. */
export async function freshPage(browser, mode, initScripts = []) {
  const page = await browser.newPage();
  for (const script of initScripts) await page.addInitScript(script);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  if (mode === 'phone') await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_SLOWDOWN });
  // Idle work (timers, the cursor's blink) takes as many times longer: quiet is judged in like terms.
  cdp.slowdown = mode === 'phone' ? PHONE_SLOWDOWN : 1;
  return { page, cdp };
}

/** Seconds of main-thread tasks so far (CDP Performance.getMetrics' TaskDuration: script, style, layout, paint, all of it). */
export async function metrics(cdp) {
  return Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
}

/** Waits until the page is quiet; returns the metrics at the start of the quiet window (the work before it). */
export async function settle(page, cdp) {
  let last = await metrics(cdp);
  for (let waited = 0; waited < WAIT_MS; waited += QUIET_WINDOW_MS) {
    await page.waitForTimeout(QUIET_WINDOW_MS);
    const now = await metrics(cdp);
    if ((now.TaskDuration - last.TaskDuration) * 1000 < QUIET_MS * (cdp.slowdown ?? 1)) return last;
    last = now;
  }
  return last;
}


/** Opens the app (its home page, or `chat`) and waits for `chat`'s newest message (or the message box), then quiet. */
export async function openAt(page, cdp, url, chat) {
  await page.goto(chat ? `${url}chat/${chat.id}` : url);
  if (chat) await page.waitForSelector(`[data-message-id="${chat.lastId}"]`, { timeout: WAIT_MS });
  await page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: WAIT_MS });
  await settle(page, cdp);
}

/** JS heap in use after a forced GC (bytes). */
export async function heapAfterGc(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
}

