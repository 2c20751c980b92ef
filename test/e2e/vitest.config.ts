import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    environment: 'node',
    include: ['test/e2e/**/*.e2e.test.ts'],
    globalSetup: ['test/e2e/global-setup.ts'],
    // One Chromium at a time: the machine has two cores.
    fileParallelism: false,
    testTimeout: 30_000,
    // What a browser test polls for (a reply finishing, a transition ending) can take more than
    // expect.poll's default second on a loaded two-core CI machine; the assertions stay the same.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 60_000,
  },
});
