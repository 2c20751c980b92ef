// bench:sync (issues 15 and 25). 1) The delay from a reply completing on profile A to it showing
// on profile B, both synced live through the CouchDB-protocol test server. 2) A first sync against
// its floors: Parley (Settings → Turn on sync, timed from pressing it until the sidebar says Synced
// and the last chat is listed) beside pages running the same PouchDB 9 modules with no Parley around them (a pull with
// PouchDB's defaults; a pull with batch_size 1000 and batches_limit 4; `_changes?include_docs`
// pages written in one IndexedDB transaction each). Every run is a fresh Chromium profile against
// one memory-backed express-pouchdb server; rounds are interleaved (each page once per round), and
// a ratio is the median of the per-round ratios. Sizes and encryption off and on as asked.
// 3) `--big`: Parley alone on a big account (10,000 chats / 200,000 messages), the old figure.
//   npm run bench:sync [-- --sizes 500:10000,2000:40000 --modes plain,encrypted --rounds 3 --no-latency --big]
// `--profile`: a CPU profile of Parley's page over each first sync; its heaviest functions by self
// time are printed, what its longest busy stretches were made of, and the longest animation frames with their scripts (build with
// PARLEY_NO_MINIFY=1 to read their names); `--frames` prints the longest frames alone (a round
// over 100 ms always does); `--parley-only` leaves the floors out.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { launchBrowser } from '../../test/support/browser.mjs';
import { startCouchServer } from '../../test/support/couch-server/index.mjs';
import { seedAccount } from '../../test/support/couch-server/seed-account.mjs';
import { startServer } from '../../src/server/static-server.mjs';
import { serveBuild } from '../support/serve-build.mjs';
import { printProfile, printStretches, startProfile } from '../support/cpu-profile.mjs';
import { report } from '../support/report.mjs';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '500:10000,2000:40000' },
    modes: { type: 'string', default: 'plain,encrypted' },
    rounds: { type: 'string', default: '3' },
    'no-latency': { type: 'boolean', default: false },
    big: { type: 'boolean', default: false },
    'big-chats': { type: 'string', default: '10000' },
    'big-messages': { type: 'string', default: '200000' },
    minutes: { type: 'string', default: '30' },
    profile: { type: 'boolean', default: false },
    'parley-only': { type: 'boolean', default: false },
    frames: { type: 'boolean', default: false },
  },
});
const SIZES = values.sizes.split(',').filter(Boolean).map((size) => size.split(':').map(Number));
const MODES = values.modes.split(',').filter(Boolean);
const ROUNDS = Number(values.rounds);
const USER = 'ada';
const PASSWORD = 'bench';
const PASSPHRASE = 'bench passphrase';
/** How long one first sync may take before the bench gives up on it (`-- --minutes N`). */
const FIRST_SYNC_TIMEOUT_MS = Number(values.minutes) * 60_000;
/** How often a long first sync's progress (the sidebar's bar) is printed. */
const PROGRESS_SAMPLE_MS = 10_000;
/** The event-loop probe's period: short enough to catch a 100 ms block, light enough not to be one. */
const GAP_PROBE_MS = 20;
/** The issue's aim: no main-thread task over 100 ms; the probe counts the waits longer than that. */
const LONG_GAP_MS = 100;
/** Live replication of one message between two profiles. */
const LATENCY_TIMEOUT_MS = 60_000;
/** Latency samples: a median of a few, each a new message in the same chat. */
const LATENCY_ROUNDS = 5;
/** The tuned floor's replication options (the issue's third column). */
const TUNED = { batch_size: 1000, batches_limit: 4 };
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

const couch = await startCouchServer({ auth: 'basic', user: USER, password: PASSWORD });
const app = await serveBuild({ entry: 'test/support/e2e-app/main.ts' });
const scratch = await mkdtemp(path.join(tmpdir(), 'parley-bench-sync-'));
const open = [];

/** The floor pages' bundle, and the sync codec for seeding encrypted documents (both built from source with esbuild). */
async function buildHelpers() {
  const floorDir = path.join(scratch, 'floor');
  await build({ entryPoints: [path.join(ROOT, 'bench/sync/floor/floor.mjs')], bundle: true, format: 'esm', outfile: path.join(floorDir, 'floor.js'), minify: true, define: { 'process.env.NODE_ENV': '"production"' }, alias: { events: path.join(ROOT, 'src/lib/event-emitter.ts') }, logLevel: 'error' });
  await build({ entryPoints: [path.join(ROOT, 'bench/sync/floor/index.html')], loader: { '.html': 'copy' }, outdir: floorDir, logLevel: 'error' });
  const codecFile = path.join(scratch, 'codec.mjs');
  await build({ stdin: { contents: "export { createCryptoDoc } from './src/chat/sync-bridge/sync-crypto.ts'; export { encryptedCodec } from './src/chat/sync-bridge/doc-codec.ts';", resolveDir: ROOT, loader: 'ts' }, bundle: true, platform: 'node', format: 'esm', outfile: codecFile, logLevel: 'error' });
  return { floorDir, codec: await import(codecFile) };
}
const helpers = await buildHelpers();
const floorServer = await startServer({ dir: helpers.floorDir, port: 0 });
const floorUrl = floorServer.url.replace('localhost', '127.0.0.1');

/** A fresh profile whose page records its longest task and the longest a 20 ms timer waited. */
async function profile(url) {
  const browser = await launchBrowser();
  open.push(browser);
  const page = await browser.newPage();
  await page.addInitScript(([GAP_PROBE_MS, LONG_GAP_MS]) => {
    window.__longest = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longest = Math.max(window.__longest, entry.duration);
    }).observe({ type: 'longtask', buffered: true });
    // The longest frames with the scripts that ran in them (Chromium's long-animation-frame entries), for --profile.
    window.__frames = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const scripts = entry.scripts.map((script) => `${Math.round(script.duration)} ms ${script.invoker} ${script.sourceFunctionName} ${script.sourceURL.split('/').pop()}:${script.sourceCharPosition}`);
        window.__frames.push({ duration: entry.duration, blocking: entry.blockingDuration, scripts });
        window.__frames.sort((a, b) => b.duration - a.duration).splice(5);
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
    window.__maxGap = 0;
    window.__longGaps = 0;
    let last = performance.now();
    setInterval(() => {
      const now = performance.now();
      const gap = now - last - GAP_PROBE_MS;
      window.__maxGap = Math.max(window.__maxGap, gap);
      if (gap > LONG_GAP_MS) window.__longGaps += 1;
      last = now;
    }, GAP_PROBE_MS);
  }, [GAP_PROBE_MS, LONG_GAP_MS]);
  await page.goto(url);
  const resetProbes = () =>
    page.evaluate(() => {
      window.__longest = 0;
      window.__maxGap = 0;
      window.__longGaps = 0;
    });
  const probes = () => page.evaluate(() => ({ longestTaskMs: window.__longest, longestGapMs: window.__maxGap, longGaps: window.__longGaps }));
  const close = async () => {
    open.splice(open.indexOf(browser), 1);
    await browser.close();
  };
  return { page, resetProbes, probes, close };
}

const status = (page) => page.locator('.sidebar__footer').getByRole('status');
const synced = (page, timeout) => status(page).filter({ hasText: /^Synced$/ }).waitFor({ timeout });
const nav = (page) => page.getByRole('navigation', { name: 'Chats and navigation' });
const composer = (page) => page.getByRole('textbox', { name: 'Message' });

async function turnOnSync(page, db, passphrase = '') {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('navigation', { name: 'Settings sections' }).getByRole('button', { name: 'Sync', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'CouchDB address' }).fill(couch.url);
  await dialog.getByRole('textbox', { name: 'Database' }).fill(db);
  await dialog.getByRole('textbox', { name: 'User name' }).fill(USER);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  if (passphrase) await dialog.getByLabel('Encryption passphrase (optional)').fill(passphrase);
  const clicked = performance.now();
  await dialog.getByRole('button', { name: 'Turn on sync' }).click();
  await dialog.getByRole('status').getByText(/^Sync is on with /).waitFor({ timeout: FIRST_SYNC_TIMEOUT_MS });
  await page.keyboard.press('Escape');
  return clicked;
}

async function latency() {
  const [a, b] = [(await profile(app.url)).page, (await profile(app.url)).page];
  await turnOnSync(a, 'latency');
  await turnOnSync(b, 'latency');
  await Promise.all([synced(a, LATENCY_TIMEOUT_MS), synced(b, LATENCY_TIMEOUT_MS)]);
  await composer(a).fill('Ping 0');
  await composer(a).press('Enter');
  await nav(b).getByRole('link', { name: 'Ping 0', exact: true }).click({ timeout: LATENCY_TIMEOUT_MS });
  await b.getByText('Echo: Ping 0', { exact: true }).waitFor({ timeout: LATENCY_TIMEOUT_MS });
  const samples = [];
  for (let round = 1; round <= LATENCY_ROUNDS; round += 1) {
    await composer(a).fill(`Ping ${round}`);
    await composer(a).press('Enter');
    await a.getByText(`Echo: Ping ${round}`, { exact: true }).waitFor({ timeout: LATENCY_TIMEOUT_MS });
    const completed = performance.now();
    await b.getByText(`Echo: Ping ${round}`, { exact: true }).waitFor({ timeout: LATENCY_TIMEOUT_MS });
    samples.push(performance.now() - completed);
  }
  for (const browser of open.splice(0)) await browser.close();
  return median(samples);
}

const authHeaders = { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}` };

/** Seeds a database with the account (plain, or encrypted as Parley encrypts); resolves with its document count. */
async function seed(db, chats, messages, encrypted) {
  if (!encrypted) return seedAccount({ server: couch, db, headers: authHeaders, chats, messages });
  const { doc, key } = await helpers.codec.createCryptoDoc(PASSPHRASE);
  const codec = helpers.codec.encryptedCodec(key);
  // parley:crypto goes first, and is not a document of the account.
  return seedAccount({ server: couch, db, headers: authHeaders, chats, messages, first: [doc], encode: async (id, body) => ({ _id: id, ...(await codec.encode(id, body)) }) });
}

/** Parley's first sync: Turn on sync → Synced with the last chat listed. */
async function parleyRun(db, chats, encrypted) {
  const { page, resetProbes, probes, close } = await profile(app.url);
  try {
    await resetProbes();
    if (values.profile) await page.evaluate(() => void (window.__frames = []));
    // A first sync runs for minutes: samples half as often as bench:stream's.
    const stretches = [];
    const profiler = values.profile ? await startProfile(page, { intervalUs: 200, stretches }) : undefined;
    const opened = performance.now();
    // The wait starts when Turn on sync is pressed: opening Settings and filling the form is the bench typing.
    const started = await turnOnSync(page, db, encrypted ? PASSPHRASE : '');
    for (;;) {
      if (await synced(page, PROGRESS_SAMPLE_MS).then(() => true, () => false)) break;
      const elapsed = performance.now() - started;
      const bar = await page.locator('.sidebar__footer [role="progressbar"]').getAttribute('aria-valuetext', { timeout: 1000 }).catch(() => null);
      if (chats >= 2000) console.log(`  parley ${db}: ${Math.round(elapsed / 1000)} s, ${bar ?? 'no progress bar'}`);
      if (elapsed > FIRST_SYNC_TIMEOUT_MS) throw new Error(`first sync of ${db} not done after ${values.minutes} minutes`);
    }
    await nav(page).getByRole('link', { name: `Bench chat ${chats - 1}`, exact: true }).waitFor({ timeout: FIRST_SYNC_TIMEOUT_MS });
    const seconds = (performance.now() - started) / 1000;
    if (profiler) {
      const times = new Map();
      await profiler.stop(times);
      printProfile(times, `CPU profile of Parley's page over the first sync of ${db}:`);
      printStretches(stretches);
    }
    const probed = await probes();
    // A round over the aim says which frames were long and what ran in them (script entry points).
    if (profiler || values.frames || probed.longestTaskMs > LONG_GAP_MS) {
      for (const frame of await page.evaluate(() => window.__frames)) console.log(`    frame ${Math.round(frame.duration)} ms (blocking ${Math.round(frame.blocking)}):\n      ${frame.scripts.join('\n      ')}`);
    }
    return { seconds, formSeconds: (started - opened) / 1000, ...probed };
  } finally {
    await close();
  }
}

/** A floor page's first sync, timed the same way (from the bench's side, around the page's call). */
async function floorRun(db, kind) {
  const { page, resetProbes, probes, close } = await profile(`${floorUrl}/index.html`);
  try {
    await page.waitForFunction(() => window.floor !== undefined);
    await resetProbes();
    const args = { url: couch.url, db, user: USER, password: PASSWORD, options: kind === 'tuned' ? TUNED : {} };
    const started = performance.now();
    const result = await page.evaluate(([name, options]) => window.floor[name](options), [kind === 'changes' ? 'changesPages' : 'pouchPull', args]);
    const seconds = (performance.now() - started) / 1000;
    return { seconds, docs: result.docs, ...(await probes()) };
  } finally {
    await close();
  }
}

const PAGES = [
  { name: 'Parley', run: (db, chats, encrypted) => parleyRun(db, chats, encrypted) },
  { name: 'PouchDB pull, defaults', run: (db) => floorRun(db, 'defaults') },
  { name: 'PouchDB pull, batch_size 1000, batches_limit 4', run: (db) => floorRun(db, 'tuned') },
  { name: '_changes?include_docs pages, one IndexedDB transaction each', run: (db) => floorRun(db, 'changes') },
];
// `--parley-only`: no floors (a profile, a quick look); no ratios then.
if (values['parley-only']) PAGES.splice(1);

async function compare() {
  const rows = [];
  for (const [chats, messages] of SIZES) {
    for (const mode of MODES) {
      const encrypted = mode === 'encrypted';
      const db = `first-${chats}-${messages}-${mode}`;
      const seedStart = performance.now();
      const docs = await seed(db, chats, messages, encrypted);
      console.log(`${db}: seeded ${docs} documents in ${Math.round((performance.now() - seedStart) / 1000)} s`);
      const results = PAGES.map(() => []);
      for (let round = 1; round <= ROUNDS; round += 1) {
        for (const [index, page] of PAGES.entries()) {
          const result = await page.run(db, chats, encrypted);
          results[index].push(result);
          const form = result.formSeconds === undefined ? '' : ` (after ${result.formSeconds.toFixed(1)} s opening Settings and filling the form)`;
          console.log(`  round ${round}, ${page.name}: ${result.seconds.toFixed(1)} s (${Math.round(docs / result.seconds)} docs/s), longest task ${Math.round(result.longestTaskMs)} ms${form}`);
        }
      }
      for (const [index, page] of PAGES.entries()) {
        const seconds = median(results[index].map((r) => r.seconds));
        const ratio = index === 0 ? '' : ` · Parley ${median(results[0].map((r, round) => r.seconds / results[index][round].seconds)).toFixed(2)} ×`;
        rows.push({
          measure: `${chats} chats / ${docs - chats} messages, ${mode}: ${page.name}`,
          value: `${seconds.toFixed(1)} s, ${Math.round(docs / seconds)} docs/s${ratio}, longest task ${Math.round(Math.max(...results[index].map((r) => r.longestTaskMs)))} ms`,
        });
      }
    }
  }
  return rows;
}

try {
  const rows = [];
  if (!values['no-latency']) rows.push({ measure: 'message completed on A → shown on B (median of 5)', value: `${Math.round(await latency())} ms` });
  rows.push(...(await compare()));
  if (values.big) {
    const [chats, messages] = [Number(values['big-chats']), Number(values['big-messages'])];
    const db = `big-${chats}`;
    const docs = await seed(db, chats, messages, false);
    const big = await parleyRun(db, chats, false);
    rows.push({ measure: `first sync, ${chats} chats / ${docs - chats} messages, plain: Parley alone`, value: `${big.seconds.toFixed(1)} s, ${Math.round(docs / big.seconds)} docs/s, longest task ${Math.round(big.longestTaskMs)} ms, timer waits over 100 ms ${big.longGaps}` });
  }
  await report('sync', rows, { sizes: values.sizes, modes: values.modes, rounds: ROUNDS });
} finally {
  for (const browser of open) await browser.close();
  await floorServer.close();
  await app.close();
  await couch.close();
  await rm(scratch, { recursive: true, force: true });
}
