import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { iconsVitePlugin } from '../src/ui/icon/icons-plugin.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root,
  plugins: [iconsVitePlugin({ root })],
  // What build.mjs defines: unit tests see the production route table (no /ui gallery).
  define: { __PARLEY_GALLERY__: 'false' },
  test: {
    environment: 'happy-dom',
    include: ['test/**/*.test.{ts,tsx}'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    setupFiles: ['test/support/setup-dom.ts'],
    restoreMocks: true,
    // Past the Testing Library wait (setup-dom.ts), so a slow wait fails as itself.
    testTimeout: 15_000,
    // One known library fault, and only it: pouchdb-replication asks the source for its info to
    // report progress after each batch (`src.info().then(…)`, lib/index.js) with no catch, so when
    // a sync test's CouchDB server goes away mid-batch (stopped on purpose, or at teardown) that
    // request's failure is unhandled. In a browser it is a console line; sync itself handles the
    // same failure on its own requests (tested). Any other unhandled error still fails the run.
    onUnhandledError(error) {
      const stack = String((error as { stack?: unknown }).stack ?? '');
      const knownPouchProbe = (error as { message?: unknown }).message === 'fetch failed' && stack.includes('pouchdb-adapter-http') && stack.includes('_info');
      return knownPouchProbe ? false : undefined;
    },
  },
});
