import { startOpenAiServer } from '../../test/support/openai-server/index.mjs';
import { launchBrowser } from '../../test/support/browser.mjs';
import { serveBuild } from '../support/serve-build.mjs';
import { scrollThreadToTop } from './page-probes.mjs';
import { chatPlan, freshPage, openAt, seed, settle } from './common.mjs';
import { startTrace, FIRST_MARK, LAST_MARK } from '../stream/main-thread-trace.mjs';
const server = await startOpenAiServer({ models: ['test-model'] });
const app = await serveBuild();
const browser = await launchBrowser();
const chats = await seed(browser, app.url, server.url, chatPlan(2000, 20));
for (let run = 0; run < 2; run++) {
  const { page, cdp } = await freshPage(browser, 'desktop');
  await openAt(page, cdp, app.url, chats.long1);
  await settle(page, cdp);
  const trace = await startTrace(page, ['toplevel', 'blink.user_timing', 'devtools.timeline', 'v8']);
  await page.evaluate((m) => performance.mark(m), FIRST_MARK);
  const r = await page.evaluate(scrollThreadToTop, { firstId: chats.long1.firstId });
  await page.evaluate((m) => performance.mark(m), LAST_MARK);
  const events = await trace.stop();
  const first = events.find((e) => e.name === FIRST_MARK);
  const own = events.filter((e) => e.pid === first.pid && e.tid === first.tid && e.ph === 'X');
  const tasks = own.filter((e) => e.name === 'ThreadControllerImpl::RunTask').sort((a, b) => b.dur - a.dur).slice(0, 4);
  console.log('run', run, JSON.stringify(r));
  for (const t of tasks) {
    const inside = own.filter((e) => e !== t && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur);
    const by = new Map();
    for (const e of inside) by.set(e.name, (by.get(e.name) ?? 0) + e.dur / 1000);
    console.log(` task ${(t.dur / 1000).toFixed(1)} ms (cpu ${((t.tdur ?? t.dur) / 1000).toFixed(1)}):`, [...by].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([n, v]) => `${n} ${v.toFixed(1)}`).join(', '));
  }
  await page.close();
}
await browser.close(); await app.close(); await server.close();
