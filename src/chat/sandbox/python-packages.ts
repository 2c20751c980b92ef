// Python packages beyond Pyodide's core (issue 36, docs/sandbox.md "Packages"): which ones a block
// needs (its imports, looked up in the lock file of the address the user approved in Settings → Code),
// fetched by the app from that address only, checked against the lock's SHA-256, and kept in Cache
// Storage for offline use. The sandbox never fetches: the wheels are handed over with the run.
import { PYTHON_PACKAGES_CACHE } from '../../lib/python-packages-cache';
import type { RunFile } from './sandbox-protocol';

/** One package of a Pyodide lock file, as far as Parley reads it. */
export interface LockPackage {
  name: string;
  version: string;
  file_name: string;
  sha256: string;
  imports: string[];
  depends: string[];
}

/** A Pyodide lock file (pyodide-lock.json), as far as Parley reads it. */
export interface PythonLock {
  /** The ABI its wheels are built for (`info.abi_version`, e.g. 2026_0): a wheel of another will not load. */
  abi: string;
  packages: Record<string, LockPackage>;
}

/** Why packages could not be had; `names` are the packages concerned. */
export type PackageProblem =
  | { reason: 'no-address'; names: string[] }
  | { reason: 'unreachable'; address: string; detail: string }
  | { reason: 'other-version'; address: string; version: string }
  | { reason: 'mismatch'; names: string[] }
  | { reason: 'download'; names: string[]; detail: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isTextList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** A lock file's text as a PythonLock; null when it is not one (what an address sends is untrusted). */
export function readLock(text: string): PythonLock | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(data) || !isRecord(data.info) || typeof data.info.abi_version !== 'string' || !isRecord(data.packages)) return null;
  const packages: Record<string, LockPackage> = {};
  for (const [key, value] of Object.entries(data.packages)) {
    if (!isRecord(value)) continue;
    const { name, version, file_name, sha256, imports, depends } = value;
    // A wheel's name is a plain file name: no folder, nothing that climbs out of the address.
    if (typeof file_name !== 'string' || !/^[\w.+-]+\.(?:whl|zip|tar)$/.test(file_name) || typeof sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(sha256)) continue;
    packages[key.toLowerCase()] = {
      name: typeof name === 'string' ? name : key,
      version: typeof version === 'string' ? version : '',
      file_name,
      sha256,
      imports: isTextList(imports) ? imports : [],
      depends: isTextList(depends) ? depends.map((one) => one.toLowerCase()) : [],
    };
  }
  return { abi: data.info.abi_version, packages };
}

/**
 * The top-level modules a block imports (`import a.b as c, d`, `from e.f import g`), in order,
 * without repeats; relative imports (`from . import x`) are the block's own. Python's own parser is
 * in the sandbox: this reads lines, which is all an import statement at a line's start needs.
 */
export function importedModules(code: string): string[] {
  const found = new Set<string>();
  for (const line of code.split('\n')) {
    const from = /^\s*from\s+([A-Za-z_][\w.]*)\s+import\b/.exec(line);
    if (from) found.add(from[1]!.split('.')[0]!);
    const plain = /^\s*import\s+([^#;]+)/.exec(line);
    if (plain) {
      for (const part of plain[1]!.split(',')) {
        const name = /^\s*([A-Za-z_][\w]*)/.exec(part);
        if (name) found.add(name[1]!);
      }
    }
  }
  return [...found];
}

/** The lock's packages `modules` need, with their dependencies, dependencies first. */
export function packagesFor(modules: readonly string[], lock: PythonLock): LockPackage[] {
  const byImport = new Map<string, string>();
  for (const [key, info] of Object.entries(lock.packages)) for (const name of info.imports) if (!byImport.has(name)) byImport.set(name, key);
  const order: LockPackage[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const info = lock.packages[key];
    if (!info) return;
    for (const dependency of info.depends) visit(dependency);
    order.push(info);
  };
  for (const module of modules) {
    const key = byImport.get(module);
    if (key) visit(key);
  }
  return order;
}

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('');

/** Whether the bytes are the ones the lock names. */
export async function matchesLock(bytes: ArrayBuffer, sha256: string): Promise<boolean> {
  return hex(await crypto.subtle.digest('SHA-256', bytes)) === sha256;
}

/**
 * What Parley fetches from an address, through Cache Storage: the kept copy when there is one (so
 * packages work offline once used), else the network's, kept when it was fine. Without Cache Storage
 * (a private window may refuse it) the network alone.
 */
async function fetchKept(url: string, keep: (response: Response) => Promise<boolean>): Promise<ArrayBuffer> {
  const cache = typeof caches === 'undefined' ? null : await caches.open(PYTHON_PACKAGES_CACHE).catch(() => null);
  const kept = await cache?.match(url).catch(() => undefined);
  if (kept) return kept.arrayBuffer();
  // No credentials and no referrer: the address is a public package mirror, not a session.
  const response = await fetch(url, { credentials: 'omit', referrerPolicy: 'no-referrer' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const bytes = await response.arrayBuffer();
  if (cache && (await keep(new Response(bytes)))) await cache.put(url, new Response(bytes)).catch(() => {});
  return bytes;
}

/** A lock file read from the address, or the reason it could not be. */
async function lockAt(address: string): Promise<PythonLock | PackageProblem> {
  let text: string;
  try {
    text = new TextDecoder().decode(await fetchKept(`${address}pyodide-lock.json`, async (response) => readLock(await response.text()) !== null));
  } catch (error) {
    return { reason: 'unreachable', address, detail: error instanceof Error ? error.message : String(error) };
  }
  const lock = readLock(text);
  if (!lock) return { reason: 'unreachable', address, detail: 'its pyodide-lock.json is not a Pyodide lock file' };
  return lock;
}

/**
 * The wheels a Python block needs beyond the core, from `address` (ending in '/'), checked against
 * its lock and kept; [] when it needs none. `builtIn` is the core's own lock (Parley's build): with
 * no address, or one that cannot be reached, it says whether the block needed a package at all.
 */
export async function wheelsFor(code: string, address: string, builtIn: PythonLock): Promise<RunFile[] | PackageProblem> {
  const modules = importedModules(code);
  if (modules.length === 0) return [];
  const needed = packagesFor(modules, builtIn);
  if (!address) return needed.length > 0 ? { reason: 'no-address', names: needed.map((info) => info.name) } : [];
  // The address's own lock says what it serves (it may serve more than the core's lock names); when
  // it cannot be read, a block that needs none of the core's packages runs all the same.
  const lock = await lockAt(address);
  if ('reason' in lock) return needed.length > 0 ? lock : [];
  const wanted = packagesFor(modules, lock);
  if (wanted.length === 0) return [];
  // Wheels are built for one Pyodide ABI: another's would not load, or worse, load and break.
  if (lock.abi !== builtIn.abi) return { reason: 'other-version', address, version: lock.abi };
  const wheels: RunFile[] = [];
  const mismatched: string[] = [];
  try {
    for (const info of wanted) {
      const data = await fetchKept(`${address}${info.file_name}`, async (response) => matchesLock(await response.arrayBuffer(), info.sha256));
      if (await matchesLock(data, info.sha256)) wheels.push({ name: info.file_name, data });
      else mismatched.push(info.name);
    }
  } catch (error) {
    return { reason: 'download', names: wanted.map((info) => info.name), detail: error instanceof Error ? error.message : String(error) };
  }
  return mismatched.length > 0 ? { reason: 'mismatch', names: mismatched } : wheels;
}
