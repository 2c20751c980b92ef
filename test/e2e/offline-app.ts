// What the offline and update journeys (issue 26) share: the built app on a static server they can
// stop and start again at the same address, and waits for the service worker's state.
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { createServer, request as forward, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { startServer } from '../../src/server/static-server.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The production build `npm start` made for this run (test/e2e/global-setup.ts). */
export const APP_DIST = path.join(ROOT, 'dist');

/** A model server's host name that Chromium resolves to 127.0.0.1 but that is not a loopback name: "elsewhere" to the app. */
export const REMOTE_MODEL_HOST = 'model.test';
export const REMOTE_MODEL_ARGS = [`--host-resolver-rules=MAP ${REMOTE_MODEL_HOST} 127.0.0.1`];

export interface AppHost {
  url: string;
  /** Stops answering: the same address refuses connections, as when the server is down. */
  stop(): Promise<void>;
  /** Serves `dir` (this build, or another) at the same address again. */
  start(dir?: string): Promise<void>;
}

/** `dir` served as `npm start` would (with `basePath`), on a port that stays the same across stop and start. */
export async function hostApp(dir: string, basePath: string): Promise<AppHost> {
  let server = await startServer({ dir, port: 0, basePath });
  const { port } = server;
  let running = true;
  return {
    url: server.url.replace('localhost', '127.0.0.1'),
    async stop() {
      if (running) await server.close();
      running = false;
    },
    async start(next = dir) {
      if (running) await server.close();
      server = await startServer({ dir: next, port, basePath });
      running = true;
    },
  };
}

/**
 * Another version of the app, really built (`node build.mjs --out-dir`), unminified so every file
 * differs from the `npm start` build's. Resolves with its folder.
 */
export async function buildSecondVersion(): Promise<string> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'parley-v2-'));
  await new Promise<void>((resolve, reject) => {
    const child = spawn('node', ['build.mjs', '--out-dir', outDir], { cwd: ROOT, env: { ...process.env, PARLEY_NO_MINIFY: '1' }, stdio: 'ignore' });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the second build exited with ${code}`))));
  });
  return outDir;
}

/** Goes off the network the way a laptop does: the server is gone and the browser knows it is offline. */
export async function goOffline(page: Page, host: AppHost): Promise<void> {
  await host.stop();
  await page.context().setOffline(true);
}
/** Back on the network: the server answers again, then the browser says it is online (the `online` event). */
export async function goOnline(page: Page, host: AppHost): Promise<void> {
  await host.start();
  await page.context().setOffline(false);
}

/** Resolves once a service worker controls the page (it registers once the first screen is up, while idle). */
export async function serviceWorkerInControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
}

/** Resolves once every file of the app's the page has loaded so far is in the service worker's cache. */
export async function everythingUsedIsKept(page: Page): Promise<void> {
  // Polled from here: page.waitForFunction takes a returned promise for a truthy answer.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const cache = await caches.open('parley-files');
          const used = performance
            .getEntriesByType('resource')
            .map((entry) => entry.name)
            .filter((url) => url.startsWith(document.baseURI) && url.includes('/assets/'));
          const kept = await Promise.all(used.map((url) => cache.match(url)));
          return used.filter((_, i) => !kept[i]);
        }),
      { timeout: 15_000 },
    )
    .toEqual([]);
}

/**
 * One origin in front of two servers, as a reverse proxy puts a model API beside the app:
 * `prefix` (and below) goes to `api`, everything else to `app`. Streams pass through as they come.
 */
export async function sameOriginFront(app: string, api: string, prefix = '/v1'): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const target = new URL(req.url!, req.url!.startsWith(prefix) ? api : app);
    const out = forward(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/`,
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
