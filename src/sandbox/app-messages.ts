// The shape check of what the app says to the sandbox's program (issue 36): the port is the app's,
// but the program checks each message anyway before acting on it, as the app checks the sandbox's.
import {
  isFileName,
  isId,
  isOneOf,
  isPlainObject,
  MAX_ARTIFACT_CHARS,
  MAX_PYTHON_FILE_BYTES,
  MAX_RUN_FILE_BYTES,
  MAX_RUN_FILES,
  MAX_RUN_FILES_BYTES,
  MAX_RUN_TIME_LIMIT_MS,
  MAX_RUNTIME_CHARS,
  MIN_RUN_TIME_LIMIT_MS,
  PREVIEW_KINDS,
  PYTHON_FILES,
  RUN_LANGUAGES,
  RUNTIME_NAMES,
  type PreviewKind,
  type PythonFile,
  type RunLanguage,
  type RuntimeName,
} from '../lib/sandbox-wire';

/** Show `source` as `kind` (replacing what was shown); `id` tags this render's reports. */
export type RenderMessage = { type: 'render'; id: number; kind: PreviewKind; source: string };
/** A runtime's code, fetched by the app from Parley's build; run in the artifact's frame before an artifact that needs it (Python's heads a Python run's worker). */
export type RuntimeMessage = { type: 'runtime'; name: RuntimeName; code: string };
/** One of Pyodide's files (its WebAssembly, its standard library, its lock file), fetched by the app from Parley's build. */
export type RuntimeFileMessage = { type: 'runtime-file'; name: PythonFile; data: ArrayBuffer };
/** A file a run reads or a package it installs: a plain name and its bytes. */
export type RunFile = { name: string; data: ArrayBuffer };
/**
 * Run `code` (a block the user chose to run, or a model's tool call the user approved) in a worker of
 * its own, ended after `limitMs`; `id` tags its output and its end. A Python run reads `files` at
 * /mnt/data and installs `packages` (wheels) first; a JavaScript run is given neither.
 */
export type RunMessage = { type: 'run'; id: number; language: RunLanguage; code: string; limitMs: number; files: RunFile[]; packages: RunFile[] };
/** End run `id` now (the user's Stop): its worker is terminated. */
export type StopMessage = { type: 'stop'; id: number };
export type AppMessage = RenderMessage | RuntimeMessage | RuntimeFileMessage | RunMessage | StopMessage;

const KEYS: Record<AppMessage['type'], string> = {
  render: 'id,kind,source,type',
  runtime: 'code,name,type',
  'runtime-file': 'data,name,type',
  run: 'code,files,id,language,limitMs,packages,type',
  stop: 'id,type',
};

/** A list of files within the bounds, each a plain object of a plain name and bytes; null otherwise. */
function readFiles(value: unknown): RunFile[] | null {
  if (!Array.isArray(value) || value.length > MAX_RUN_FILES) return null;
  let total = 0;
  const files: RunFile[] = [];
  for (const file of value) {
    if (!isPlainObject(file) || Object.keys(file).sort().join(',') !== 'data,name') return null;
    const { name, data } = file;
    if (!isFileName(name) || !(data instanceof ArrayBuffer) || data.byteLength > MAX_RUN_FILE_BYTES) return null;
    total += data.byteLength;
    files.push({ name, data });
  }
  return total <= MAX_RUN_FILES_BYTES ? files : null;
}

/**
 * `data` as a message from the app when it is exactly one of AppMessage's shapes, else null. A
 * runtime's code goes into an inline <script> of the artifact's frame: one holding `</script` would
 * end it early, so it is refused (build.mjs refuses to write such a runtime in the first place).
 */
export function readAppMessage(data: unknown): AppMessage | null {
  if (!isPlainObject(data) || typeof data.type !== 'string' || !Object.hasOwn(KEYS, data.type)) return null;
  if (Object.keys(data).sort().join(',') !== KEYS[data.type as AppMessage['type']]) return null;
  if (data.type === 'render') {
    const { id, kind, source } = data;
    return isId(id) && isOneOf(PREVIEW_KINDS, kind) && typeof source === 'string' && source.length <= MAX_ARTIFACT_CHARS ? { type: 'render', id, kind, source } : null;
  }
  if (data.type === 'run') {
    const { id, language, code, limitMs } = data;
    const files = readFiles(data.files);
    const packages = readFiles(data.packages);
    const limitOk = Number.isInteger(limitMs) && (limitMs as number) >= MIN_RUN_TIME_LIMIT_MS && (limitMs as number) <= MAX_RUN_TIME_LIMIT_MS;
    return isId(id) && isOneOf(RUN_LANGUAGES, language) && typeof code === 'string' && code.length <= MAX_ARTIFACT_CHARS && limitOk && files && packages
      ? { type: 'run', id, language, code, limitMs: limitMs as number, files, packages }
      : null;
  }
  if (data.type === 'stop') return isId(data.id) ? { type: 'stop', id: data.id } : null;
  if (data.type === 'runtime-file') {
    const { name, data: bytes } = data;
    return isOneOf(PYTHON_FILES, name) && bytes instanceof ArrayBuffer && bytes.byteLength <= MAX_PYTHON_FILE_BYTES ? { type: 'runtime-file', name, data: bytes } : null;
  }
  const { name, code } = data;
  return isOneOf(RUNTIME_NAMES, name) && typeof code === 'string' && code.length <= MAX_RUNTIME_CHARS && !/<\/script/i.test(code) ? { type: 'runtime', name, code } : null;
}
