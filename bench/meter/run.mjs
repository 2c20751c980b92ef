// `npm run bench:meter`: what a keystroke costs the main thread on a 2,000-message chat with the
// context meter shown (issue 24: under 2 ms), against the same page with the meter hidden (the
// floor, `localStorage['parley.bench.meter'] = 'off'`), in interleaved rounds. Method and
// figures: bench/README.md.
import { startOpenAiServer } from '../../test/support/openai-server/index.mjs';
import { launchBrowser } from '../../test/support/browser.mjs';
import { seedConnection } from '../../test/support/seed-connection.mjs';
import { seedDatabase } from '../store/seed.mjs';
import { printTable, report } from '../support/report.mjs';
import { serveBuild } from '../support/serve-build.mjs';

/** The long chat and one other (the seed spreads the rest over the others). */
const STORE = { chats: 2, messages: 2_001, longChatMessages: 2_000, needle: 'meterbench' };
/** Keystrokes per round, typed one by one like a person (each its own task). */
const KEYSTROKES = 60;
const KEY_DELAY_MS = 30;
/** Rounds per page after a warm-up round; `--runs N` to change. */
const RUNS = 7;
const TARGET_MS = 2;
/** The page is quiet once a window of this long sees less than QUIET_MS of main-thread tasks. */
const QUIET_WINDOW_MS = 1_000;
const QUIET_MS = 20;
const WAIT_MS = 120_000;
const TEXT = 'the meter counts what the next request sends '.repeat(4).slice(0, KEYSTROKES);
/** What the page's own code makes the keystroke cost: its script and the style and layout it causes. */
const ownWork = (r) => r.scriptMs + r.styleMs + r.layoutMs;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function seed(browser, url, serverUrl) {
  const page = await browser.newPage();
  await page.goto(url + 'assets/seed.txt');
  const { longChatId } = await page.evaluate(seedDatabase, STORE);
  await page.evaluate(seedConnection, { baseUrl: serverUrl });
  await page.close();
  return longChatId;
}

/** The browser's own floor: the same typing into a bare textarea. */
const BARE_TEXTAREA = '<!doctype html><meta charset="utf-8"><title>bare</title><textarea aria-label="Message" rows="3" cols="60"></textarea>';

/**
 * Main-thread task time (CDP Performance.getMetrics' TaskDuration) per keystroke, in a fresh page:
 * the chat with the meter on or off, or (`meter` null) a bare textarea.
 */
async function measure(browser, url, chatId, meter) {
  const page = await browser.newPage();
  await page.addInitScript((on) => localStorage.setItem('parley.bench.meter', on ? 'on' : 'off'), meter);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  if (meter === null) {
    // Not a path of the app's origin: its service worker would answer that with the app.
    await page.setContent(BARE_TEXTAREA);
  } else {
    await page.goto(`${url}chat/${chatId}`);
    await page.waitForFunction((n) => document.querySelectorAll('article').length >= n, STORE.longChatMessages, { timeout: WAIT_MS, polling: 200 });
  }
  if (meter) await page.waitForSelector('.context-meter', { timeout: WAIT_MS });
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.focus();
  const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const task = async () => (await metrics()).TaskDuration;
  // Settle: what the page does after opening (the thread rendered in slices, idle work) is not
  // the keystroke's. Quiet is under QUIET_MS of tasks in a QUIET_WINDOW_MS window.
  for (let last = await task(), waited = 0; waited < WAIT_MS; waited += QUIET_WINDOW_MS) {
    await page.waitForTimeout(QUIET_WINDOW_MS);
    const now = await task();
    if ((now - last) * 1000 < QUIET_MS) break;
    last = now;
  }
  const before = await metrics();
  await page.keyboard.type(TEXT, { delay: KEY_DELAY_MS });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  const after = await metrics();
  const per = (name) => ((after[name] - before[name]) * 1000) / TEXT.length;
  const figure = meter ? await page.locator('.context-meter').textContent() : '';
  await page.close();
  // All main-thread tasks; of them, script (JavaScript: React, the meter) and layout.
  return { perKeystrokeMs: per('TaskDuration'), scriptMs: per('ScriptDuration'), layoutMs: per('LayoutDuration'), styleMs: per('RecalcStyleDuration'), figure };
}

async function main() {
  const index = process.argv.indexOf('--runs');
  const runs = index === -1 ? RUNS : Number(process.argv[index + 1]);
  const server = await startOpenAiServer({ models: ['test-model'] });
  const app = await serveBuild();
  const browser = await launchBrowser();
  try {
    const chatId = await seed(browser, app.url, server.url);
    const pages = [
      { name: 'meter shown', run: () => measure(browser, app.url, chatId, true) },
      { name: 'meter hidden (floor)', run: () => measure(browser, app.url, chatId, false) },
      { name: 'bare textarea (the browser alone)', run: () => measure(browser, app.url, chatId, null) },
    ];
    for (const { run } of pages) await run();
    const results = pages.map(() => []);
    for (let i = 0; i < runs; i += 1) for (const [at, { run }] of pages.entries()) results[at].push(await run());
    const shown = results[0].map((r) => r.perKeystrokeMs);
    const hidden = results[1].map((r) => r.perKeystrokeMs);
    const ratios = shown.map((ms, i) => ms / hidden[i]);
    const added = shown.map((ms, i) => ms - hidden[i]);
    const rows = pages.map(({ name }, at) => ({
      page: name,
      'main-thread work per keystroke (median)': `${median(results[at].map((r) => r.perKeystrokeMs)).toFixed(2)} ms`,
      'of it script': `${median(results[at].map((r) => r.scriptMs)).toFixed(2)} ms`,
      'of it layout': `${median(results[at].map((r) => r.layoutMs)).toFixed(2)} ms`,
      'of it style recalc': `${median(results[at].map((r) => r.styleMs)).toFixed(2)} ms`,
      'worst round': `${Math.max(...results[at].map((r) => r.perKeystrokeMs)).toFixed(2)} ms`,
      '÷ meter hidden (same round, median)': at === 0 ? `${median(ratios).toFixed(2)} ×` : at === 1 ? '1.00 ×' : '—',
      "Parley's own: script + style + layout": at === 2 ? '—' : `${median(results[at].map(ownWork)).toFixed(2)} ms`,
      '− bare textarea (same round, median)': at === 2 ? '—' : `${median(results[at].map((r, i) => r.perKeystrokeMs - results[2][i].perKeystrokeMs)).toFixed(2)} ms`,
    }));
    const addedScript = results[0].map((r, i) => r.scriptMs - results[1][i].scriptMs);
    const verdict = {
      shownMs: median(shown),
      ownWorkMs: median(results[0].map(ownWork)),
      overBareMs: median(shown.map((ms, i) => ms - results[2][i].perKeystrokeMs)),
      bareMs: median(results[2].map((r) => r.perKeystrokeMs)),
      addedByMeterMs: median(added),
      addedScriptMs: median(addedScript),
      ratio: median(ratios),
      targetMs: TARGET_MS,
    };
    await report('meter', rows, { store: STORE, keystrokes: TEXT.length, runs, verdict, figure: results[0][0].figure, raw: { shown, hidden, bare: results[2].map((r) => r.perKeystrokeMs) } });
    console.log(
      `\nTarget: under ${TARGET_MS} ms of Parley's own main-thread work per keystroke with the meter shown: ` +
        `script + style + layout ${verdict.ownWorkMs.toFixed(2)} ms (median; ${verdict.ownWorkMs < TARGET_MS ? 'met' : 'NOT met'}). ` +
        `All tasks ${verdict.shownMs.toFixed(2)} ms, of which a bare textarea costs ${verdict.bareMs.toFixed(2)} ms by itself ` +
        `(Parley − bare, same round: ${verdict.overBareMs.toFixed(2)} ms); the meter's own share, shown − hidden: ` +
        `${verdict.addedByMeterMs.toFixed(2)} ms, of it script ${verdict.addedScriptMs.toFixed(2)} ms.`,
    );
  } finally {
    await browser.close();
    await app.close();
    await server.close();
  }
}

await main();
