// The runtimes of JSX and Mermaid previews (issue 36, docs/sandbox.md): files of Parley's build,
// fetched by the app (a client of the service worker, which keeps each on its first use, so it works
// offline afterwards) and handed to the sandbox over the port. The sandbox itself fetches nothing.
import { MAX_PYTHON_FILE_BYTES, MAX_RUNTIME_CHARS, type PythonFile, type RuntimeName } from '../../lib/sandbox-wire';

/** Set by build.mjs: each runtime's file and each of Pyodide's, relative to the page's <base>, as JSON (absent in unit tests). */
declare const __PARLEY_SANDBOX_RUNTIMES__: string | undefined;

const fileOf = (name: RuntimeName | PythonFile): string | undefined => {
  const files: Partial<Record<RuntimeName | PythonFile, string>> = typeof __PARLEY_SANDBOX_RUNTIMES__ === 'string' ? JSON.parse(__PARLEY_SANDBOX_RUNTIMES__) : {};
  return files[name];
};

/** Fetched once per page: a runtime is megabytes of code, and every preview's frame needs it again. */
const loading = new Map<RuntimeName, Promise<string>>();

async function fetchRuntime(name: RuntimeName): Promise<string> {
  const file = fileOf(name);
  if (!file) throw new Error(`this build has no ${name} runtime`);
  const response = await fetch(new URL(file, document.baseURI));
  if (!response.ok) throw new Error(`the ${name} runtime answered ${response.status}`);
  const code = await response.text();
  if (code.length > MAX_RUNTIME_CHARS) throw new Error(`the ${name} runtime is too large`);
  return code;
}

/** The runtime's code; a failure (offline before its first use) is forgotten, so the next preview tries again. */
export function loadRuntime(name: RuntimeName): Promise<string> {
  let code = loading.get(name);
  if (!code) {
    code = fetchRuntime(name);
    loading.set(name, code);
    code.catch(() => loading.delete(name));
  }
  return code;
}

/** Pyodide's files (its WebAssembly, standard library, lock file): bytes, fetched once per page like the runtimes. */
const loadingFiles = new Map<PythonFile, Promise<ArrayBuffer>>();

async function fetchPythonFile(name: PythonFile): Promise<ArrayBuffer> {
  const file = fileOf(name);
  if (!file) throw new Error(`this build has no ${name}`);
  const response = await fetch(new URL(file, document.baseURI));
  if (!response.ok) throw new Error(`${name} answered ${response.status}`);
  const bytes = await response.arrayBuffer();
  if (bytes.byteLength > MAX_PYTHON_FILE_BYTES) throw new Error(`${name} is too large`);
  return bytes;
}

/** One of Pyodide's files; a failure (offline before its first use) is forgotten, so the next run tries again. */
export function loadPythonFile(name: PythonFile): Promise<ArrayBuffer> {
  let bytes = loadingFiles.get(name);
  if (!bytes) {
    bytes = fetchPythonFile(name);
    loadingFiles.set(name, bytes);
    bytes.catch(() => loadingFiles.delete(name));
  }
  return bytes;
}
