// Builds the production app into a temporary folder and serves it on a free port.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../src/server/static-server.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export async function serveBuild({ entry } = {}) {
  const dir = await mkdtemp(path.join(tmpdir(), 'parley-bench-'));
  const args = ['build.mjs', '--out-dir', dir, ...(entry ? ['--entry', entry] : [])];
  execFileSync('node', args, { cwd: ROOT, stdio: 'ignore' });
  const server = await startServer({ dir, port: 0 });
  return {
    url: server.url.replace('localhost', '127.0.0.1'),
    async close() {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
