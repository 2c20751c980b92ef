// The vocabulary the app (src/chat/sandbox) and the sandbox document's program (src/sandbox) share:
// the handshake's marker, the protocol's version, the messages' names and their bounds. Both sides
// import it; the sandbox imports nothing else of the app's.

/** Bumped when a message changes shape: the app drops a sandbox that says another version. */
export const SANDBOX_PROTOCOL = 3;

/** The one window message the app sends the sandbox: it carries the MessageChannel's port, nothing else. */
export const PORT_HANDOFF = 'parley-sandbox-port';

/** What the sandbox can show: a page, a picture, a React component (JSX/TSX), a Mermaid diagram. */
export const PREVIEW_KINDS = ['html', 'svg', 'jsx', 'mermaid'] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

/**
 * The runtimes the sandbox runs artifacts with (issue 36 slice B): each a file of Parley's build the
 * app fetches on first use (the service worker keeps it) and hands over the port, so the sandbox's
 * own network rule never widens. Each, run in the artifact's frame, sets `self[RUNTIME_GLOBAL][name]`.
 */
export const RUNTIME_NAMES = ['react', 'jsx-transform', 'mermaid', 'python'] as const;
export type RuntimeName = (typeof RUNTIME_NAMES)[number];
/** The runtimes each kind needs, in the order they run. */
export const RUNTIMES_OF: Readonly<Record<PreviewKind, readonly RuntimeName[]>> = { html: [], svg: [], jsx: ['react', 'jsx-transform'], mermaid: ['mermaid'] };
/** The global the runtimes publish themselves on, in the artifact's frame. */
export const RUNTIME_GLOBAL = '__parleyRuntimes';
/** The largest runtime the sandbox takes (characters): Mermaid, the largest, is about 3 MB. */
export const MAX_RUNTIME_CHARS = 8_000_000;

/** The longest artifact the app hands over (characters): a reply's block is far smaller. */
export const MAX_ARTIFACT_CHARS = 2_000_000;
/** The longest error message kept from the sandbox (characters): more is the artifact shouting. */
export const MAX_ERROR_CHARS = 1_000;
/** The longest piece of a run's output one message carries (characters). */
export const MAX_OUTPUT_CHARS = 65_536;

/**
 * Code runs (issue 36 slice C): the languages a `run` message may carry; what a run's `ended` says.
 * 'stopped' is the user's Stop, 'timeout' the time limit.
 */
export const RUN_LANGUAGES = ['javascript', 'python'] as const;
export type RunLanguage = (typeof RUN_LANGUAGES)[number];
export const RUN_OUTCOMES = ['done', 'error', 'stopped', 'timeout'] as const;
export type RunOutcome = (typeof RUN_OUTCOMES)[number];
/** The most output one run keeps (characters, ~1 MB): the worker stops sending past it, the sandbox stops relaying, the app stops keeping. */
export const MAX_RUN_OUTPUT_CHARS = 1_048_576;
/** The longest text of a run's last value (characters). */
export const MAX_VALUE_CHARS = 10_000;
/** How long a run may take before the sandbox ends its worker (ms), unless the run says otherwise (Settings → Code). */
export const RUN_TIME_LIMIT_MS = 30_000;
/** The bounds of a run's own time limit (ms): a second to ten minutes. */
export const MIN_RUN_TIME_LIMIT_MS = 1_000;
export const MAX_RUN_TIME_LIMIT_MS = 600_000;

/**
 * Pyodide's files besides its runtime script (issue 36, docs/sandbox.md "Python"): files of
 * Parley's build the app fetches and hands over as bytes; the Python worker's fetch is served from
 * them. Their names are the ones Pyodide asks for.
 */
export const PYTHON_FILES = ['pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json'] as const;
export type PythonFile = (typeof PYTHON_FILES)[number];
/** The largest of them the sandbox takes (bytes): the WebAssembly is about 10 MB. */
export const MAX_PYTHON_FILE_BYTES = 40_000_000;

/**
 * Files a run reads (the chat's attachments, at /mnt/data in Python) and packages it installs
 * (wheels the app fetched from the address the user approved): at most this many, each and all
 * together at most these bytes.
 */
export const MAX_RUN_FILES = 50;
export const MAX_RUN_FILE_BYTES = 50_000_000;
export const MAX_RUN_FILES_BYTES = 200_000_000;
/** Files a run writes (to /mnt/data/out, and its figures): at most this many back, each and all together at most these bytes. */
export const MAX_OUT_FILES = 20;
export const MAX_OUT_FILE_BYTES = 10_000_000;
export const MAX_OUT_FILES_BYTES = 20_000_000;
/** A file's name as a run sees it: a plain name, no folder, no leading dot (checked both ways). */
export const isFileName = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= 200 && /^[^/\\\0]+$/.test(value) && !value.startsWith('.');
/** The tallest content height the sandbox may report (CSS pixels); the frame shows at most a bounded part of it. */
export const MAX_REPORTED_HEIGHT = 1_000_000;
/** Ids of renders (and later runs) are small non-negative integers the app picks. */
export const MAX_ID = 2 ** 31 - 1;

/** A message as structured clone delivers plain data: an object of its own (no array, no class instance). */
export const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};
/** An id of a render or a run: an integer 0…MAX_ID. */
export const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_ID;
/** One of a list's values (a kind, a runtime, a language, an outcome). */
export const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T => (list as readonly unknown[]).includes(value);
