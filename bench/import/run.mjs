// `npm run bench:import`: a ChatGPT-format export of 10,000 chats / 200,000 messages imported in
// Chromium into the app's IndexedDB storage. Reports the preview (read + validate) and import
// (write) times and the longest main-thread task while it ran (PerformanceObserver "longtask").
// The import runs in the import worker, as in the app; IMPORT_ON=page runs it on the page instead.
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { launchBrowser } from '../../test/support/browser.mjs';
import { startServer } from '../../src/server/static-server.mjs';
import { report } from '../support/report.mjs';
import { generateChatgptExport } from './generate.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CHATS = Number(process.env.IMPORT_CHATS ?? 10_000);
const MESSAGES = Number(process.env.IMPORT_MESSAGES ?? 200_000);
/** `worker` (the app's way) or `page` (the fallback where no Worker runs). */
const ON = process.env.IMPORT_ON === 'page' ? 'page' : 'worker';
/** The aim: no main-thread task over this while importing. */
const LONGEST_TASK_AIM_MS = 100;
/** Generous: reading and writing 200,000 messages takes tens of seconds on two shared cores. */
const IMPORT_TIMEOUT_MS = 15 * 60_000;

async function buildPage(dir) {
  const common = { absWorkingDir: ROOT, outdir: dir, bundle: true, format: 'esm', minify: true, target: 'es2022', logLevel: 'warning' };
  // The worker under a fixed name (page.ts starts it), built as build.mjs builds it: one file.
  await esbuild.build({ ...common, entryPoints: { 'import-worker': 'src/chat/import/import-worker.ts' } });
  await esbuild.build({ ...common, entryPoints: { page: 'bench/import/page.ts' }, splitting: true });
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><meta charset="utf-8"><title>bench:import</title><input type="file"><script type="module" src="page.js"></script>');
}

function instrument() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
}

async function main() {
  const dir = await mkdtemp(path.join(tmpdir(), 'parley-bench-import-'));
  const file = path.join(dir, 'conversations.json');
  console.log(`Generating ${CHATS.toLocaleString()} chats / ${MESSAGES.toLocaleString()} messages…`);
  await generateChatgptExport(file, { chats: CHATS, messages: MESSAGES });
  const size = (await stat(file)).size;
  await buildPage(path.join(dir, 'site'));
  const server = await startServer({ dir: path.join(dir, 'site'), port: 0 });
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.addInitScript(instrument);
    await page.goto(`${server.url.replace('localhost', '127.0.0.1')}?on=${ON}`);
    await page.locator('input[type=file]').setInputFiles(file);
    // Long tasks before the import (page load) are not the import's.
    await page.evaluate(() => (window.__longTasks.length = 0));
    const outcome = await page.evaluate(() => window.__importFile(), null, { timeout: IMPORT_TIMEOUT_MS });
    const tasks = await page.evaluate(() => window.__longTasks);
    const longest = Math.max(0, ...tasks);
    await report('import', [
      { figure: 'import runs on', value: ON },
      { figure: 'file size', value: `${(size / 1e6).toFixed(1)} MB` },
      { figure: 'chats / messages imported', value: `${outcome.chats.toLocaleString()} / ${outcome.messages.toLocaleString()}` },
      { figure: 'preview (read, validate)', value: `${Math.round(outcome.previewMs)} ms` },
      { figure: 'import (write)', value: `${Math.round(outcome.runMs)} ms` },
      { figure: 'long tasks (> 50 ms)', value: tasks.length },
      { figure: 'longest main-thread task', value: `${Math.round(longest)} ms (aim ≤ ${LONGEST_TASK_AIM_MS} ms)` },
    ], { chats: CHATS, messages: MESSAGES, on: ON, skipped: outcome.preview.skipped });
  } finally {
    await browser.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
