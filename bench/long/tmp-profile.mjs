import { startOpenAiServer } from '../../test/support/openai-server/index.mjs';
import { launchBrowser } from '../../test/support/browser.mjs';
import { serveBuild } from '../support/serve-build.mjs';
import { watchNextOpen } from './page-probes.mjs';
import { chatPlan, freshPage, openAt, seed, settle } from './common.mjs';
process.env.PARLEY_NO_MINIFY = '1';
const server = await startOpenAiServer({ models: ['test-model'] });
const app = await serveBuild();
const browser = await launchBrowser();
const chats = await seed(browser, app.url, server.url, chatPlan(2000, 20));
async function prof(chat, from) {
  const { page, cdp } = await freshPage(browser, 'desktop');
  await openAt(page, cdp, app.url, from ?? null);
  await page.locator(`nav a[href$="chat/${chat.id}"]`).first().waitFor();
  await settle(page, cdp);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.evaluate(watchNextOpen, { lastId: chat.lastId });
  await page.locator(`nav a[href$="chat/${chat.id}"]`).first().click();
  await page.waitForFunction(() => typeof window.__watch.shownAt === 'number');
  await settle(page, cdp);
  const { profile } = await cdp.send('Profiler.stop');
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  profile.samples.forEach((id, i) => {
    const n = byId.get(id); const f = n.callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
  });
  const total = [...self.entries()].filter(([k]) => !k.startsWith('(idle)') && !k.startsWith('(program)')).reduce((s, [, v]) => s + v, 0);
  console.log(`\n== ${chat.title} from ${from?.title ?? 'home'}: JS self total ${total.toFixed(0)} ms; program ${(self.get('(program) :-1') ?? 0).toFixed(0)}; gc ${(self.get('(garbage collector) :-1') ?? 0).toFixed(0)}`);
  
  // Inclusive time per function (a function counted once per stack).
  const selfOf = new Map();
  profile.samples.forEach((id, i) => selfOf.set(id, (selfOf.get(id) ?? 0) + (dt[i] ?? 0) / 1000));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const incl = new Map();
  for (const [id, t] of selfOf) {
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const f = byId.get(cur).callFrame;
      if (!f.url) continue;
      const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
      if (seen.has(key)) continue;
      seen.add(key);
      incl.set(key, (incl.get(key) ?? 0) + t);
    }
  }
  console.log('-- inclusive');
  for (const [k, v] of [...incl.entries()].sort((a, b) => b[1] - a[1]).slice(0, 45)) console.log(v.toFixed(1).padStart(8), k);
  await page.close();
}
await prof(chats.short1); await prof(chats.long1);
await browser.close(); await app.close(); await server.close();
