import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startServer } from '../../src/server/static-server.mjs';
import { startAppServer } from '../support/app-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real `npm start` server, at the root: http://127.0.0.1:PORT/ */
    appUrl: string;
    /** The same build served with BASE_PATH=/sub/: http://127.0.0.1:PORT/sub/ */
    subUrl: string;
    /** The app built with the deterministic echo model of test/support/e2e-app, and the /ui gallery. */
    modelAppUrl: string;
  }
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let stops: (() => Promise<void>)[] = [];

export async function setup(project: TestProject) {
  // `npm start` builds first; the sub-path server then serves that same build.
  const app = await startAppServer('start');
  stops.push(app.stop);
  const sub = await startAppServer('serve', { BASE_PATH: '/sub/' });
  stops.push(sub.stop);

  const modelDist = await mkdtemp(path.join(tmpdir(), 'parley-e2e-'));
  // --gallery: the ui-kit tests drive the /ui component gallery, which production builds leave out.
  execFileSync('node', ['build.mjs', '--entry', 'test/support/e2e-app/main.ts', '--out-dir', modelDist, '--gallery'], { cwd: ROOT, stdio: 'ignore' });
  const modelApp = await startServer({ dir: modelDist, port: 0 });
  stops.push(async () => {
    await modelApp.close();
    await rm(modelDist, { recursive: true, force: true });
  });

  project.provide('appUrl', app.url);
  project.provide('subUrl', sub.url);
  project.provide('modelAppUrl', modelApp.url.replace('localhost', '127.0.0.1'));
}

export async function teardown() {
  await Promise.all(stops.map((stop) => stop()));
  stops = [];
}
