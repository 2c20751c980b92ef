// `npm run test:e2e`: end-to-end tests in real Chromium. Without a browser they are skipped
// loudly, except under CI=true, where a missing browser is a failure.
import { spawnSync } from 'node:child_process';
import { findChromium } from '../support/browser.mjs';

const chrome = findChromium();

if (!chrome) {
  const banner = [
    '',
    '#'.repeat(78),
    '#  END-TO-END TESTS SKIPPED: no Chromium found.',
    '#  Install Debian’s browser (apt-get install -y chromium) or set CHROME_PATH.',
    '#'.repeat(78),
    '',
  ].join('\n');
  console.error(banner);
  process.exit(process.env.CI === 'true' ? 1 : 0);
}

const result = spawnSync('npx', ['vitest', 'run', '--config', 'test/e2e/vitest.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROME_PATH: chrome },
});
process.exit(result.status ?? 1);
