// Launches Debian's Chromium through playwright-core, for the e2e tests and the benchmarks.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

/** Debian's Chromium, or CHROME_PATH. We never download browsers. */
export function findChromium() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((c) => !!c && existsSync(c)) ?? null;
}

/** The flags this sandbox needs: no GPU, no sandbox as root, and no calls home (the network is closed). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Headless Chromium with a fresh profile directory, removed on close. */
export async function launchBrowser(options = {}) {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found: install Debian’s chromium or set CHROME_PATH');
  const profile = await mkdtemp(path.join(tmpdir(), 'parley-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
    viewport: options.viewport ?? { width: 1280, height: 800 },
    reducedMotion: options.reducedMotion ?? 'no-preference',
    colorScheme: options.colorScheme ?? 'light',
    hasTouch: options.hasTouch ?? false,
    isMobile: options.isMobile ?? false,
  });
  return {
    context,
    newPage: () => context.newPage(),
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** One headless Chromium for a test file's fresh contexts (openContext), started with the first. */
let shared;

/**
 * A fresh, isolated browser context (its own storage, IndexedDB, service workers and cache) in the
 * file's one Chromium: what a fresh profile gives a test, without starting a browser for each
 * (a third of the time). Options as launchBrowser's, but `args` (flags of the browser itself) are
 * not per context: a test that needs them launches its own.
 */
export async function openContext(options = {}) {
  if (options.args?.length) return launchBrowser(options);
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found: install Debian’s chromium or set CHROME_PATH');
  shared ??= chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  const context = await (await shared).newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    reducedMotion: options.reducedMotion ?? 'no-preference',
    colorScheme: options.colorScheme ?? 'light',
    hasTouch: options.hasTouch ?? false,
    isMobile: options.isMobile ?? false,
  });
  return { context, newPage: () => context.newPage(), close: () => context.close() };
}

/** Closes the file's Chromium, if one was started. */
export async function closeSharedBrowser() {
  const browser = shared;
  shared = undefined;
  await (await browser)?.close();
}
