// `npm run bench`: every benchmark, one after the other (they share two cores; never in parallel).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const BENCHES = ['budget', 'store', 'markdown', 'stream', 'meter', 'long', 'prompts', 'artifacts'];
let failed = false;
for (const name of BENCHES) {
  const script = fileURLToPath(new URL(`./${name}/run.mjs`, import.meta.url));
  if (!existsSync(script)) continue;
  console.log(`\n## bench:${name}\n`);
  const { status } = spawnSync('node', [script], { stdio: 'inherit' });
  failed ||= status !== 0;
}
process.exit(failed ? 1 : 0);
