// A Pyodide packages address for tests (issue 36): a loopback server serving a pyodide-lock.json for
// the ABI of Parley's Pyodide and one pure-Python wheel made here, with the lock's SHA-256 of it.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { strToU8, zipSync } from 'fflate';

export const DEMO_PACKAGE = 'parleydemo';
export const DEMO_WHEEL = 'parleydemo-1.0-py3-none-any.whl';
export const DEMO_GREETING = 'hello from a package';

/** A 1×1 PNG: what the stand-in matplotlib draws. */
export const DOT_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
export const FIGURES_WHEEL = 'matplotlib-0.0.1-py3-none-any.whl';

/** A pure-Python wheel of `name` (version 1.0 unless said) holding `modules` (path → source). */
function wheel(name: string, modules: Record<string, string>, version = '1.0'): Buffer {
  const info = `${name}-${version}.dist-info`;
  const files: Record<string, string> = {
    ...modules,
    [`${info}/METADATA`]: `Metadata-Version: 2.1\nName: ${name}\nVersion: ${version}\n`,
    [`${info}/WHEEL`]: 'Wheel-Version: 1.0\nGenerator: parley-tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n',
    [`${info}/top_level.txt`]: `${name}\n`,
  };
  files[`${info}/RECORD`] = [...Object.keys(files).map((file) => `${file},,`), `${info}/RECORD,,`].join('\n') + '\n';
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([file, text]) => [file, strToU8(text)]))));
}

/** A wheel of one module, `parleydemo`, whose hello() returns DEMO_GREETING. */
export const demoWheel = (): Buffer => wheel(DEMO_PACKAGE, { 'parleydemo/__init__.py': `def hello():\n    return ${JSON.stringify(DEMO_GREETING)}\n` });

/**
 * A stand-in for matplotlib (the real one cannot be had offline): `pyplot` keeps one open figure
 * once anything is plotted, and saves it as DOT_PNG, as far as Parley's figure capture asks of it.
 */
export const figuresWheel = (): Buffer =>
  wheel(
    'matplotlib',
    {
      'matplotlib/__init__.py': '',
      'matplotlib/pyplot.py': [
        'import base64',
        '_open = []',
        'class _Figure:',
        '    def savefig(self, out, format=None):',
        `        out.write(base64.b64decode(${JSON.stringify(DOT_PNG)}))`,
        'def plot(*args, **kwargs):',
        '    if not _open:',
        '        _open.append(_Figure())',
        'def get_fignums():',
        '    return list(range(1, len(_open) + 1))',
        'def figure(n=None):',
        '    return _open[n - 1]',
        'def close(which=None):',
        '    _open.clear()',
      ].join('\n'),
    },
    '0.0.1',
  );

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
  const wheels = { [DEMO_WHEEL]: demoWheel(), [FIGURES_WHEEL]: figuresWheel() };
  const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
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
        sha256: sha(wheels[DEMO_WHEEL]),
      },
      matplotlib: {
        name: 'matplotlib',
        version: '0.0.1',
        file_name: FIGURES_WHEEL,
        install_dir: 'site',
        package_type: 'package',
        imports: ['matplotlib'],
        depends: [],
        sha256: sha(wheels[FIGURES_WHEEL]),
      },
    },
  };
  const requests: string[] = [];
  let tampered = false;
  const http: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const headers = { 'Access-Control-Allow-Origin': '*' };
    if (req.url === '/pyodide/pyodide-lock.json') return void res.writeHead(200, { ...headers, 'Content-Type': 'application/json' }).end(JSON.stringify(lock));
    const file = Object.keys(wheels).find((name) => req.url === `/pyodide/${name}`);
    if (file) {
      const bytes = wheels[file as keyof typeof wheels];
      return void res.writeHead(200, { ...headers, 'Content-Type': 'application/octet-stream' }).end(tampered ? Buffer.concat([bytes, Buffer.from('x')]) : bytes);
    }
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
