import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** `npm start` prints this line once the server listens. */
const READY = /Parley is running at (\S+)/;
/** Building and starting takes a second or two; leave room for a loaded CI machine. */
const START_TIMEOUT_MS = 60_000;

export interface AppServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Runs one of the package scripts (`start` builds then serves; `serve` serves the existing
 * dist/) on a free port and resolves with the URL it prints.
 */
export function startAppServer(script: 'start' | 'serve', env: Record<string, string> = {}): Promise<AppServer> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn('npm', ['run', '--silent', script], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    const timer = setTimeout(() => fail(new Error(`npm run ${script} did not start:\n${output}`)), START_TIMEOUT_MS);
    const stop = () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        process.kill(-child.pid!, 'SIGTERM');
      });
    const fail = (error: Error) => {
      clearTimeout(timer);
      void stop().then(() => reject(error));
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = READY.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1]!.replace('localhost', '127.0.0.1'), stop });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => fail(new Error(`npm run ${script} exited with ${code}:\n${output}`)));
  });
}
