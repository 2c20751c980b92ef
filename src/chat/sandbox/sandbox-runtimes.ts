// The runtimes of JSX and Mermaid previews (issue 36, docs/sandbox.md): files of Parley's build,
// fetched by the app (a client of the service worker, which keeps each on its first use, so it works
// offline afterwards) and handed to the sandbox over the port. The sandbox itself fetches nothing.
import { loadOnce, type LoadOnce } from '../../lib/load-once';
import { MAX_PYTHON_FILE_BYTES, MAX_RUNTIME_CHARS, type PythonFile, type RuntimeName } from '../../lib/sandbox-wire';

/** Set by build.mjs: each runtime's file and each of Pyodide's, relative to the page's <base>, as JSON (absent in unit tests). */
declare const __PARLEY_SANDBOX_RUNTIMES__: string | undefined;

const fileOf = (name: RuntimeName | PythonFile): string | undefined => {
  const files: Partial<Record<RuntimeName | PythonFile, string>> = typeof __PARLEY_SANDBOX_RUNTIMES__ === 'string' ? JSON.parse(__PARLEY_SANDBOX_RUNTIMES__) : {};
  return files[name];
};

/**
 * One of the build's files, fetched (through the service worker, which keeps it) and bounded;
 * `label` names it in a failure, `read` takes its body.
 */
async function fetchBuildFile<T>(name: RuntimeName | PythonFile, label: string, read: (response: Response) => Promise<T>, size: (body: T) => number, max: number): Promise<T> {
  const file = fileOf(name);
  if (!file) throw new Error(`${label} is not part of this build`);
  const response = await fetch(new URL(file, document.baseURI));
  if (!response.ok) throw new Error(`${label} answered ${response.status}`);
  const body = await read(response);
  if (size(body) > max) throw new Error(`${label} is too large`);
  return body;
}

/**
 * Each file fetched once per page (a runtime is megabytes, and every frame needs it again); a failure
 * (offline before its first use) is forgotten, so the next preview or run tries again (loadOnce).
 */
function oncePerName<K, T>(fetchOne: (name: K) => Promise<T>): (name: K) => Promise<T> {
  const loads = new Map<K, LoadOnce<T>>();
  return (name) => {
    let load = loads.get(name);
    if (!load) loads.set(name, (load = loadOnce(() => fetchOne(name))));
    return load();
  };
}

/** A runtime's code (React, the JSX transform, Mermaid, Python's loader). */
export const loadRuntime = oncePerName((name: RuntimeName) =>
  fetchBuildFile(name, `the ${name} runtime`, (response) => response.text(), (code) => code.length, MAX_RUNTIME_CHARS),
);

/** One of Pyodide's files (its WebAssembly, standard library, lock file), as bytes. */
export const loadPythonFile = oncePerName((name: PythonFile) =>
  fetchBuildFile(name, name, (response) => response.arrayBuffer(), (bytes) => bytes.byteLength, MAX_PYTHON_FILE_BYTES),
);
