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
  },
});
