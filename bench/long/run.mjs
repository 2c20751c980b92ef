// `npm run bench:long` (issue 34): what a long chat costs against the browser's floor and a short
// chat, in interleaved rounds with the median of per-round ratios — typing (a keystroke's
// main-thread work on a 2,000-message chat and on an empty one, against a bare textarea), opening
// (a 2,000-message chat against a 20-message one: time to paint, main-thread work, heap; the
// longest task scrolling to its top) and switching (between two long chats against two short
// ones); `--phone` with the CPU throttled 4×, `--both` for both. Then, once, where a keystroke's
// time goes (bench/long/diagnose.mjs). Method and figures: bench/README.md.
import { startOpenAiServer } from '../../test/support/openai-server/index.mjs';
import { launchBrowser } from '../../test/support/browser.mjs';
import { mainThreadFigures, startTrace, FIRST_MARK, LAST_MARK } from '../stream/main-thread-trace.mjs';
import { median } from '../support/median.mjs';
import { printTable, report } from '../support/report.mjs';
import { serveBuild } from '../support/serve-build.mjs';
import { diagnose } from './diagnose.mjs';
import { countMounted, scrollThreadToTop, watchNextOpen } from './page-probes.mjs';
import { BARE_TEXTAREA, chatPlan, freshPage, heapAfterGc, metrics, openAt, PHONE_SLOWDOWN, seed, settle, WAIT_MS } from './common.mjs';

const argValue = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : process.argv[at + 1];
};
const RUNS = Number(argValue('--runs', 5));
const LONG = Number(argValue('--long', 2_000));
const SHORT = Number(argValue('--short', 20));
const KEYSTROKES = Number(argValue('--keys', 60));
const MODES = process.argv.includes('--both') ? ['desktop', 'phone'] : process.argv.includes('--phone') ? ['phone'] : ['desktop'];
const ONLY = argValue('--only', 'typing,opening,switching').split(',');
const DIAGNOSE = !process.argv.includes('--no-diagnose');
const KEY_DELAY_MS = 30;
const TEXT = 'a long chat should cost what the screen shows, not what it holds '.repeat(8).slice(0, KEYSTROKES);

const spread = (values) => {
  const list = values.filter((v) => v !== null && Number.isFinite(v));
  return list.length ? [Math.min(...list), Math.max(...list)] : null;
};

/** Main-thread work per keystroke, typing TEXT into the message box (or the bare textarea, `chat` 'bare'). */
async function typing(browser, mode, url, chat) {
  const { page, cdp } = await freshPage(browser, mode);
  if (chat === 'bare') await page.setContent(BARE_TEXTAREA);
  else await openAt(page, cdp, url, chat);
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.focus();
  await settle(page, cdp);
  const before = await metrics(cdp);
  await page.keyboard.type(TEXT, { delay: KEY_DELAY_MS });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  const after = await metrics(cdp);
  await page.close();
  const per = (name) => ((after[name] - before[name]) * 1000) / TEXT.length;
  return { keyMs: per('TaskDuration'), scriptMs: per('ScriptDuration'), styleMs: per('RecalcStyleDuration'), layoutMs: per('LayoutDuration') };
}

/**
 * Clicks `chat` in the sidebar: time to its newest message painted and to all its messages
 * painted, the main-thread work until the page is quiet again, and what is mounted then.
 */
async function clickOpen(page, cdp, chat) {
  await page.evaluate(watchNextOpen, { lastId: chat.lastId });
  const before = await metrics(cdp);
  await page.locator(`nav a[href$="chat/${chat.id}"]`).first().click();
  await page.waitForFunction(() => typeof window.__watch.shownAt === 'number', null, { timeout: WAIT_MS, polling: 100 });
  const quiet = await settle(page, cdp);
  const watch = await page.evaluate(() => window.__watch);
  return {
    shownMs: watch.shownAt - watch.clickAt,
    workMs: (quiet.TaskDuration - before.TaskDuration) * 1000,
    mounted: await page.evaluate(countMounted),
  };
}

/** Opening `chat` from the home page's sidebar; for a long chat, then scrolling to its top under a trace. */
async function opening(browser, mode, url, chat, scroll) {
  const { page, cdp } = await freshPage(browser, mode);
  await openAt(page, cdp, url, null);
  await page.locator(`nav a[href$="chat/${chat.id}"]`).first().waitFor({ timeout: WAIT_MS });
  await settle(page, cdp);
  const open = await clickOpen(page, cdp, chat);
  const heap = await heapAfterGc(cdp);
  let top = null;
  if (scroll) {
    await settle(page, cdp);
    // Top-level tasks and the marks only: hundreds of frames of timeline events would weigh on the page.
    const trace = await startTrace(page, ['toplevel', 'blink.user_timing']);
    await page.evaluate((mark) => performance.mark(mark), FIRST_MARK);
    const scrolled = await page.evaluate(scrollThreadToTop, { firstId: chat.firstId });
    await page.evaluate((mark) => performance.mark(mark), LAST_MARK);
    const figures = mainThreadFigures(await trace.stop());
    top = { ...scrolled, longestTaskMs: figures?.longestTaskMs ?? null, longestTaskCpuMs: figures?.longestTaskCpuMs ?? null, busyMs: figures?.busyMs ?? null };
  }
  await page.close();
  return { ...open, heap, top };
}

/** Switching from `from` to `to` and back, from the sidebar; the mean of the two. */
async function switching(browser, mode, url, from, to) {
  const { page, cdp } = await freshPage(browser, mode);
  await openAt(page, cdp, url, from);
  const there = await clickOpen(page, cdp, to);
  const back = await clickOpen(page, cdp, from);
  await page.close();
  const mean = (key) => (there[key] === null || back[key] === null ? null : (there[key] + back[key]) / 2);
  return { shownMs: mean('shownMs'), workMs: mean('workMs') };
}

/** One round of every figure in `mode`, each page fresh, the long and the short (or floor) alternating. */
async function round(browser, mode, url, chats) {
  const out = {};
  let last = Date.now();
  const step = (name) => {
    if (process.env.BENCH_VERBOSE) console.log(`  ${mode} ${name}: ${((Date.now() - last) / 1000).toFixed(0)} s`);
    last = Date.now();
  };
  if (ONLY.includes('typing')) {
    out.typeLong = await typing(browser, mode, url, chats.long1);
    step('typeLong');
    out.typeBare = await typing(browser, mode, url, 'bare');
    step('typeBare');
    out.typeEmpty = await typing(browser, mode, url, null);
    step('typeEmpty');
    out.typeBare2 = await typing(browser, mode, url, 'bare');
    step('typeBare2');
  }
  if (ONLY.includes('opening')) {
    out.openLong = await opening(browser, mode, url, chats.long1, true);
    step('openLong');
    out.openShort = await opening(browser, mode, url, chats.short1, false);
    step('openShort');
  }
  if (ONLY.includes('switching')) {
    out.switchLong = await switching(browser, mode, url, chats.long1, chats.long2);
    step('switchLong');
    out.switchShort = await switching(browser, mode, url, chats.short1, chats.short2);
    step('switchShort');
  }
  return out;
}

const ms = (value) => (value === null ? '—' : `${value.toFixed(value < 10 ? 2 : 0)} ms`);
const mb = (bytes) => (bytes === null ? '—' : `${(bytes / 1e6).toFixed(1)} MB`);
const ratio = (value) => (value === null ? '—' : `${value.toFixed(2)} ×`);
const range = (values) => {
  const r = spread(values);
  return r ? `${r[0].toFixed(2)}–${r[1].toFixed(2)}` : '—';
};

/** The figures of `mode` from its rounds: each against its floor, the ratio taken per round. */
function summarise(mode, rounds) {
  const rows = [];
  const pair = (figure, target, a, b, format = ms) => {
    const ratios = rounds.map((r) => (a(r) === null || b(r) === null ? null : a(r) / b(r)));
    rows.push({
      mode,
      figure,
      measured: format(median(rounds.map(a))),
      floor: format(median(rounds.map(b))),
      'ratio (median per round)': ratio(median(ratios)),
      'ratio range': range(ratios),
      target,
    });
    return median(ratios);
  };
  const verdict = {};
  if (rounds[0].typeLong) {
    // The bare textarea is measured twice a round, once after each chat page.
    verdict.typeLong = pair(`keystroke, ${LONG}-message chat ÷ bare textarea`, '≤ 1.5 ×', (r) => r.typeLong.keyMs, (r) => r.typeBare.keyMs);
    verdict.typeEmpty = pair('keystroke, empty chat (home) ÷ bare textarea', '≤ 1.2 ×', (r) => r.typeEmpty.keyMs, (r) => r.typeBare2.keyMs);
  }
  if (rounds[0].openLong) {
    verdict.openShown = pair(`open: click → last message painted, ${LONG} ÷ ${SHORT}`, '≤ 1.3 ×', (r) => r.openLong.shownMs, (r) => r.openShort.shownMs);
    verdict.openWork = pair(`open: main-thread work until quiet, ${LONG} ÷ ${SHORT}`, '≤ 1.3 ×', (r) => r.openLong.workMs, (r) => r.openShort.workMs);
    verdict.heap = pair(`open: JS heap after GC, ${LONG} ÷ ${SHORT}`, '≤ 2 ×', (r) => r.openLong.heap, (r) => r.openShort.heap, mb);
    const longest = rounds.map((r) => r.openLong.top?.longestTaskMs ?? null);
    verdict.scrollLongest = median(longest);
    rows.push({ mode, figure: `scroll to the top of the ${LONG}-message chat: longest task`, measured: ms(median(longest)), floor: '50 ms', 'ratio (median per round)': '—', 'ratio range': `${range(longest)} ms (CPU ${ms(median(rounds.map((r) => r.openLong.top?.longestTaskCpuMs ?? null)))}; ${median(rounds.map((r) => r.openLong.top?.frames ?? null))} frames)`, target: '≤ 50 ms' });
  }
  if (rounds[0].switchLong) {
    verdict.switchShown = pair(`switch: click → last message painted, 2×${LONG} ÷ 2×${SHORT}`, '≤ 1.3 ×', (r) => r.switchLong.shownMs, (r) => r.switchShort.shownMs);
    verdict.switchWork = pair(`switch: main-thread work until quiet, 2×${LONG} ÷ 2×${SHORT}`, '≤ 1.3 ×', (r) => r.switchLong.workMs, (r) => r.switchShort.workMs);
  }
  return { rows, verdict };
}

async function main() {
  const server = await startOpenAiServer({ models: ['test-model'] });
  const app = await serveBuild();
  const browser = await launchBrowser();
  const later = [];
  try {
    const chats = await seed(browser, app.url, server.url, chatPlan(LONG, SHORT));
    const byMode = Object.fromEntries(MODES.map((mode) => [mode, []]));
    // A warm-up round (not counted), then the rounds; modes alternate within a round.
    for (let i = 0; i <= RUNS; i += 1) {
      for (const mode of MODES) {
        const started = Date.now();
        const result = await round(browser, mode, app.url, chats);
        console.log(`${i === 0 ? 'warm-up' : `round ${i}`} (${mode}): ${((Date.now() - started) / 1000).toFixed(0)} s`);
        if (i > 0) byMode[mode].push(result);
      }
    }
    const summaries = MODES.map((mode) => summarise(mode, byMode[mode]));
    const rows = summaries.flatMap((s) => s.rows);
    const mounted = byMode[MODES[0]][0]?.openLong?.mounted ?? null;
    const extra = { mountedAfterOpeningLong: mounted, mountedAfterOpeningShort: byMode[MODES[0]][0]?.openShort?.mounted ?? null };
    let diagnosis = null;
    if (DIAGNOSE) diagnosis = await diagnose(browser, app.url, chats, { text: TEXT, serverUrl: server.url, later });
    await report(MODES.length > 1 ? 'long-both' : `long-${MODES[0]}`, rows, {
      runs: RUNS, long: LONG, short: SHORT, keystrokes: TEXT.length, modes: MODES, phoneSlowdown: PHONE_SLOWDOWN,
      verdicts: Object.fromEntries(MODES.map((mode, i) => [mode, summaries[i].verdict])), ...extra, diagnosis, raw: byMode,
    });
    console.log(`\nMounted after opening the ${LONG}-message chat (settled): ${JSON.stringify(extra.mountedAfterOpeningLong)}; the ${SHORT}-message chat: ${JSON.stringify(extra.mountedAfterOpeningShort)}`);
    for (const mode of MODES) {
      const typed = byMode[mode].filter((r) => r.typeLong);
      if (typed.length === 0) continue;
      console.log(`\n${mode}: per keystroke (median ms: all tasks / script / style / layout)`);
      printTable(['typeLong', 'typeEmpty', 'typeBare'].map((key) => ({
        page: { typeLong: `${LONG}-message chat`, typeEmpty: 'empty chat (home)', typeBare: 'bare textarea' }[key],
        all: ms(median(typed.map((r) => r[key].keyMs))), script: ms(median(typed.map((r) => r[key].scriptMs))),
        style: ms(median(typed.map((r) => r[key].styleMs))), layout: ms(median(typed.map((r) => r[key].layoutMs))),
      })));
    }
  } finally {
    await browser.close();
    for (const close of later) await close();
    await app.close();
    await server.close();
  }
}

await main();
