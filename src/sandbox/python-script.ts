// The script of a Python run's worker (issue 36, docs/sandbox.md "Python"): Pyodide's runtime (the
// app's file, handed over), the same prelude as a JavaScript run's (output bounded, postMessage out
// of the code's reach), then pythonMain, which waits for Pyodide's files and the run's, starts
// Pyodide with its fetch served from those bytes, and runs the block.
import { workerPrelude } from './run-script';

/** The address Pyodide is told it lives at: never requested, only matched by the worker's fetch. */
export const PYTHON_BASE = 'https://pyodide.parley.invalid/';
/** The block's name in tracebacks: its lines are the block's. */
export const PYTHON_FILENAME = 'main.py';

/** What the prelude hands over (workerPrelude's ends). */
type Ends = ReturnType<typeof workerPrelude>;

/** What the sandbox's program posts the worker once: Pyodide's files and the run's. */
export interface PythonStart {
  code: string;
  wasm: ArrayBuffer;
  stdlib: ArrayBuffer;
  lock: ArrayBuffer;
  files: { name: string; data: ArrayBuffer }[];
  packages: { name: string; data: ArrayBuffer }[];
  /** Bounds of what comes back (MAX_OUT_FILES…). */
  out: { count: number; each: number; total: number };
}

/**
 * Runs in the worker after the prelude. Self-contained (its source text heads the worker's script):
 * it may use nothing from outside its own body.
 */
export function pythonMain(ends: Ends, base: string, filename: string): void {
  // Any: a worker's global is no Window, and Pyodide ships its types apart.
  const scope = self as any;
  const networkFetch = scope.fetch;
  scope.onmessage = async ({ data }: MessageEvent<PythonStart>) => {
    scope.onmessage = null;
    const { code, wasm, stdlib, lock, files, packages, out } = data;
    const served = new Map<string, ArrayBuffer>([
      [`${base}pyodide.asm.wasm`, wasm],
      [`${base}python_stdlib.zip`, stdlib],
    ]);
    for (const wheel of packages) served.set(`${base}packages/${wheel.name}`, wheel.data);
    // While Pyodide starts, its requests are answered from the bytes handed over; anything else is refused here.
    scope.fetch = (input: unknown) => {
      const url = String(input && typeof input === 'object' && 'url' in input ? (input as Request).url : input);
      const body = served.get(url);
      if (!body) return Promise.reject(new TypeError(`${url}: Parley’s sandbox has no network`));
      return Promise.resolve(new Response(body, { headers: { 'content-type': url.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream' } }));
    };
    let py: any;
    try {
      const { loadPyodide, createPyodideModule } = scope.__parleyRuntimes.python;
      py = await loadPyodide({
        indexURL: base,
        createPyodideModule,
        lockFileContents: new TextDecoder().decode(lock),
        env: { HOME: '/home/pyodide', MPLBACKEND: 'Agg' },
        messageCallback: () => {},
      });
      const decoders = { stdout: new TextDecoder(), stderr: new TextDecoder() };
      for (const stream of ['stdout', 'stderr'] as const) {
        const set = stream === 'stdout' ? py.setStdout : py.setStderr;
        set.call(py, {
          write: (buffer: Uint8Array) => {
            // Python buffers its own output and writes when it flushes: sent at once, so a loop after a print still shows it.
            ends.print(stream, decoders[stream].decode(buffer, { stream: true }));
            return buffer.length;
          },
        });
      }
      // input() has no one to ask: it raises at once instead of waiting for ever.
      py.setStdin({ error: true });
      if (packages.length > 0) {
        await py.loadPackage(
          packages.map((wheel) => `${base}packages/${wheel.name}`),
          { messageCallback: () => {}, errorCallback: (message: string) => ends.print('stderr', `${message}\n`), checkIntegrity: false },
        );
      }
    } catch (error) {
      ends.error(`Python could not start: ${error instanceof Error ? error.message : String(error)}`, 0);
      return;
    }
    // From here the sandbox's own policy (connect-src 'none') answers whatever the code asks of the network.
    scope.fetch = networkFetch;
    const FS = py.FS;
    // The chat's files, read-only: the folder and each file lose their write bits (Pyodide's file system honours them).
    FS.mkdirTree('/mnt/data/out');
    for (const file of files) {
      FS.writeFile(`/mnt/data/${file.name}`, new Uint8Array(file.data));
      FS.chmod(`/mnt/data/${file.name}`, 0o444);
    }
    FS.chmod('/mnt/data', 0o555);
    FS.chdir('/mnt/data');
    let value: string | undefined;
    let failure: { text: string; line: number } | undefined;
    try {
      py.globals.set('__parley_code', code);
      py.globals.set('__parley_file', filename);
      const shown = await py.runPythonAsync(
        [
          'from pyodide.code import eval_code_async as __parley_eval',
          '__parley_value = await __parley_eval(__parley_code, globals(), filename=__parley_file)',
          'del __parley_code, __parley_file, __parley_eval',
          'None if __parley_value is None else repr(__parley_value)',
        ].join('\n'),
      );
      if (typeof shown === 'string') value = shown;
    } catch (error) {
      // A traceback from the block's first frame on: the lines above it are Parley's and Pyodide's.
      const text = String(error instanceof Error ? error.message : error);
      const lines = text.split('\n');
      const first = lines.findIndex((line) => line.includes(`File "${filename}"`));
      const kept = first < 0 ? lines.filter((line) => line.trim() !== '' && !line.startsWith('Traceback')).slice(-1) : ['Traceback (most recent call last):', ...lines.slice(first)];
      const frames = [...text.matchAll(new RegExp(`File "${filename.replace('.', '\\.')}", line (\\d+)`, 'g'))];
      failure = { text: kept.join('\n').trim(), line: frames.length > 0 ? Number(frames[frames.length - 1]![1]) : 0 };
    }
    // What the run made: matplotlib's open figures as pictures, then the files it wrote to /mnt/data/out.
    let count = 0;
    let total = 0;
    const give = (name: string, bytes: Uint8Array) => {
      if (count >= out.count || bytes.length > out.each || total + bytes.length > out.total) {
        ends.print('stderr', `${name} was not returned: a run returns at most ${out.count} files, ${Math.round(out.each / 1e6)} MB each.\n`);
        return;
      }
      count += 1;
      total += bytes.length;
      ends.file(name, bytes);
    };
    try {
      const figures = py.runPython(
        [
          'import sys as __parley_sys',
          '__parley_figures = []',
          "if 'matplotlib.pyplot' in __parley_sys.modules:",
          '    import io as __parley_io',
          "    __parley_plt = __parley_sys.modules['matplotlib.pyplot']",
          '    for __parley_n in __parley_plt.get_fignums():',
          '        __parley_b = __parley_io.BytesIO()',
          "        __parley_plt.figure(__parley_n).savefig(__parley_b, format='png')",
          '        __parley_figures.append(__parley_b.getvalue())',
          "    __parley_plt.close('all')",
          '__parley_figures',
        ].join('\n'),
      );
      const list = figures.toJs();
      figures.destroy();
      list.forEach((bytes: Uint8Array, at: number) => give(`figure-${at + 1}.png`, bytes));
    } catch (error) {
      ends.print('stderr', `The figures could not be saved: ${String(error)}\n`);
    }
    const walk = (folder: string, prefix: string) => {
      for (const name of (FS.readdir(folder) as string[]).sort()) {
        if (name === '.' || name === '..') continue;
        const path = `${folder}/${name}`;
        if (FS.isDir(FS.stat(path).mode)) walk(path, `${prefix}${name}-`);
        else give(`${prefix}${name}`, FS.readFile(path));
      }
    };
    walk('/mnt/data/out', '');
    if (failure) ends.error(failure.text, failure.line);
    else if (value === undefined) ends.done(undefined);
    else ends.shown(value);
  };
}

/** The worker's script: Pyodide's runtime code, the prelude, pythonMain. */
export function pythonScript(runtime: string, limit: number, valueLimit: number): string {
  return `${runtime}\n;const __parleyRun=(${workerPrelude.toString()})(${limit},${valueLimit});\n(${pythonMain.toString()})(__parleyRun,${JSON.stringify(PYTHON_BASE)},${JSON.stringify(PYTHON_FILENAME)});\n`;
}
