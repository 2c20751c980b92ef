// A Pyodide packages address for tests (issue 36): a loopback server serving a pyodide-lock.json for
// the ABI of Parley's Pyodide and one pure-Python wheel made here, with the lock's SHA-256 of it.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { strToU8, zipSync } from 'fflate';

export const DEMO_PACKAGE = 'parleydemo';
export const DEMO_WHEEL = 'parleydemo-1.0-py3-none-any.whl';
export const DEMO_GREETING = 'hello from a package';

/** A wheel of one module, `parleydemo`, whose hello() returns DEMO_GREETING. */
export function demoWheel(): Buffer {
  const info = 'parleydemo-1.0.dist-info';
  const files: Record<string, string> = {
    'parleydemo/__init__.py': `def hello():\n    return ${JSON.stringify(DEMO_GREETING)}\n`,
    [`${info}/METADATA`]: 'Metadata-Version: 2.1\nName: parleydemo\nVersion: 1.0\n',
    [`${info}/WHEEL`]: 'Wheel-Version: 1.0\nGenerator: parley-tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n',
    [`${info}/top_level.txt`]: 'parleydemo\n',
  };
  files[`${info}/RECORD`] = [...Object.keys(files).map((name) => `${name},,`), `${info}/RECORD,,`].join('\n') + '\n';
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)]))));
}

export interface PackagesServer {
  /** The address to approve in Settings → Code (ending in '/'). */
  url: string;
  /** Paths asked for, in order. */
  requests: string[];
  /** Serves `wheel` instead of the good one (a tampered mirror). */
  tamper(on: boolean): void;
  close(): Promise<void>;
}

/** Starts the address; `abi` defaults to the ABI of the pyodide package Parley builds with. */
export async function startPackagesServer(abi = JSON.parse(readFileSync('node_modules/pyodide/pyodide-lock.json', 'utf8')).info.abi_version as string): Promise<PackagesServer> {
  const wheel = demoWheel();
  const lock = {
    info: { abi_version: abi, arch: 'wasm32', platform: 'emscripten', python: '3' },
    packages: {
      [DEMO_PACKAGE]: {
        name: DEMO_PACKAGE,
        version: '1.0',
        file_name: DEMO_WHEEL,
        install_dir: 'site',
        package_type: 'package',
        imports: [DEMO_PACKAGE],
        depends: [],
        sha256: createHash('sha256').update(wheel).digest('hex'),
      },
    },
  };
  const requests: string[] = [];
  let tampered = false;
  const http: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const headers = { 'Access-Control-Allow-Origin': '*' };
    if (req.url === '/pyodide/pyodide-lock.json') return void res.writeHead(200, { ...headers, 'Content-Type': 'application/json' }).end(JSON.stringify(lock));
    if (req.url === `/pyodide/${DEMO_WHEEL}`) return void res.writeHead(200, { ...headers, 'Content-Type': 'application/octet-stream' }).end(tampered ? Buffer.concat([wheel, Buffer.from('x')]) : wheel);
    res.writeHead(404, headers).end();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/pyodide/`,
    requests,
    tamper: (on) => void (tampered = on),
    close: () => {
      http.closeAllConnections();
      return new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
