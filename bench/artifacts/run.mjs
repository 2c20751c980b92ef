// `npm run bench:artifacts` (issue 36): what scrolling a chat with 50 artifacts costs with their previews
// on (each a live frame of the sandbox while on screen) against the same chat with the previews off,
// in interleaved rounds (off, on, off, on…) with the median of the per-round ratios: the scroll's
// longest main-thread task and its busy time (a fast flick to the top, a viewport per frame), and the
// most preview frames mounted at once (only previews on screen hold one). Method: bench/README.md.
import { launchBrowser } from '../../test/support/browser.mjs';
import { seedConnection } from '../../test/support/seed-connection.mjs';
import { startOpenAiServer } from '../../test/support/openai-server/index.mjs';
import { mainThreadFigures, startTrace, FIRST_MARK, LAST_MARK } from '../stream/main-thread-trace.mjs';
import { freshPage, openAt, settle } from '../long/common.mjs';
import { scrollThreadToTop } from '../long/page-probes.mjs';
import { median } from '../support/median.mjs';
import { report } from '../support/report.mjs';
import { serveBuild } from '../support/serve-build.mjs';
import { seedArtifactChat } from './seed-artifacts.mjs';

const argValue = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : process.argv[at + 1];
};
const RUNS = Number(argValue('--runs', 5));
const ARTIFACTS = Number(argValue('--artifacts', 50));
const MODE = process.argv.includes('--phone') ? 'phone' : 'desktop';

const fixed = (value, digits = 1) => (value === null ? '—' : value.toFixed(digits));

/**
 * In the page: from the newest message up to the first, a viewport per two frames, pressing every
 * Preview still off (`press`), then back to the newest. Both modes make this pass, so both scrolls
 * measured after it start from a thread whose groups have been rendered and measured once.
 */
function passThrough({ firstId, press }) {
  const thread = document.querySelector('.thread');
  let scroller = thread;
  while (scroller && !(/(auto|scroll)/.test(getComputedStyle(scroller).overflowY) && scroller.scrollHeight > scroller.clientHeight)) scroller = scroller.parentElement;
  scroller ??= document.scrollingElement;
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
  return (async () => {
    const started = performance.now();
    let pressed = 0;
    while (performance.now() - started < 120_000) {
      if (press) {
        for (const button of document.querySelectorAll('button[aria-pressed="false"][aria-label^="Preview"]')) {
          button.click();
          pressed += 1;
        }
      }
      if (scroller.scrollTop <= 0 && document.querySelector(`[data-message-id="${firstId}"]`)) break;
      scroller.scrollTop -= scroller.clientHeight;
      await nextFrame();
      await nextFrame();
    }
    scroller.scrollTop = scroller.scrollHeight;
    await nextFrame();
    return pressed;
  })();
}

/** In the page: the most preview frames in the document at any animation frame, until `window.__frameCount.stop` is set. */
function countFrames() {
  const count = { max: 0, stop: false };
  window.__frameCount = count;
  const frame = () => {
    count.max = Math.max(count.max, document.querySelectorAll('iframe.artifact__frame').length);
    if (!count.stop) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

async function scrollRound(browser, url, chat, previews) {
  const { page, cdp } = await freshPage(browser, MODE);
  await openAt(page, cdp, url, chat);
  // A group rendered late in a fast pass can be scrolled past before its Preview is pressed: pass again until all are on.
  let pressed = 0;
  for (let pass = 0; pass < 4 && (pass === 0 || (previews && pressed < ARTIFACTS)); pass += 1) {
    pressed += await page.evaluate(passThrough, { firstId: chat.firstId, press: previews });
  }
  await settle(page, cdp);
  await page.evaluate(countFrames);
  const trace = await startTrace(page, ['toplevel', 'blink.user_timing']);
  await page.evaluate((mark) => performance.mark(mark), FIRST_MARK);
  const scrolled = await page.evaluate(scrollThreadToTop, { firstId: chat.firstId });
  await page.evaluate((mark) => performance.mark(mark), LAST_MARK);
  const figures = mainThreadFigures(await trace.stop());
  const framesMax = await page.evaluate(() => ((window.__frameCount.stop = true), window.__frameCount.max));
  const framesAtTop = await page.evaluate(() => document.querySelectorAll('iframe.artifact__frame').length);
  await page.close();
  return { pressed, framesMax, framesAtTop, frames: scrolled.frames, reached: scrolled.reached, longestMs: figures?.longestTaskMs ?? null, busyMs: figures?.busyMs ?? null };
}

const server = await startOpenAiServer({ models: ['bench-model'] });
const app = await serveBuild();
const browser = await launchBrowser({ viewport: MODE === 'phone' ? { width: 390, height: 844 } : { width: 1366, height: 860 }, hasTouch: MODE === 'phone', isMobile: MODE === 'phone' });
try {
  const url = app.url.endsWith('/') ? app.url : `${app.url}/`;
  const seeding = await browser.newPage();
  await seeding.goto(`${url}assets/seed.txt`);
  const chat = await seeding.evaluate(seedArtifactChat, { artifacts: ARTIFACTS });
  await seeding.evaluate(seedConnection, { baseUrl: server.url });
  await seeding.close();

  const rounds = [];
  for (let run = 0; run < RUNS; run += 1) {
    // Interleaved: off, then on, in every round.
    const off = await scrollRound(browser, url, chat, false);
    const on = await scrollRound(browser, url, chat, true);
    rounds.push({ off, on });
    console.log(`round ${run + 1}: off ${fixed(off.longestMs)} ms longest, ${fixed(off.busyMs)} ms busy; on ${fixed(on.longestMs)} ms longest, ${fixed(on.busyMs)} ms busy, ${on.framesMax} frames at most (${on.pressed} previews on)`);
  }
  const ratio = (key) => median(rounds.map((r) => (r.on[key] && r.off[key] ? r.on[key] / r.off[key] : null)));
  const rows = [
    { figure: `scroll to the top of ${ARTIFACTS} artifacts: longest task`, 'previews off': `${fixed(median(rounds.map((r) => r.off.longestMs)))} ms`, 'previews on': `${fixed(median(rounds.map((r) => r.on.longestMs)))} ms`, 'ratio (median per round)': fixed(ratio('longestMs'), 2) },
    { figure: 'the scroll’s main-thread busy time', 'previews off': `${fixed(median(rounds.map((r) => r.off.busyMs)))} ms`, 'previews on': `${fixed(median(rounds.map((r) => r.on.busyMs)))} ms`, 'ratio (median per round)': fixed(ratio('busyMs'), 2) },
    { figure: 'preview frames mounted at once (most)', 'previews off': String(median(rounds.map((r) => r.off.framesMax))), 'previews on': `${median(rounds.map((r) => r.on.framesMax))} of ${ARTIFACTS}`, 'ratio (median per round)': '—' },
    { figure: 'frames in the scroll', 'previews off': String(median(rounds.map((r) => r.off.frames))), 'previews on': String(median(rounds.map((r) => r.on.frames))), 'ratio (median per round)': '—' },
  ];
  await report(`artifacts-${MODE}`, rows, { runs: RUNS, artifacts: ARTIFACTS, mode: MODE, reachedTop: rounds.every((r) => r.on.reached && r.off.reached) });
} finally {
  await browser.close();
  await app.close();
  await server.close();
}
