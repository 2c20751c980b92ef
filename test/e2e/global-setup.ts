import type { TestProject } from 'vitest/node';
import { startAppServer, type AppServer } from '../support/app-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real `npm start` server, at the root: http://127.0.0.1:PORT/ */
    appUrl: string;
    /** The same build served with BASE_PATH=/sub/: http://127.0.0.1:PORT/sub/ */
    subUrl: string;
  }
}

let servers: AppServer[] = [];

export async function setup(project: TestProject) {
  // `npm start` builds first; the sub-path server then serves that same build.
  const app = await startAppServer('start');
  servers.push(app);
  const sub = await startAppServer('serve', { BASE_PATH: '/sub/' });
  servers.push(sub);
  project.provide('appUrl', app.url);
  project.provide('subUrl', sub.url);
}

export async function teardown() {
  await Promise.all(servers.map((s) => s.stop()));
  servers = [];
}
