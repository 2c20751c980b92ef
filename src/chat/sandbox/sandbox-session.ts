// One artifact frame's conversation with the sandbox document (issue 36): the MessageChannel the app
// creates, handed to the frame once it has loaded, and the only way either side speaks after that.
import { PORT_HANDOFF, PYTHON_FILES, RUN_TIME_LIMIT_MS, RUNTIMES_OF, type PythonFile, type RunLanguage, type RuntimeName } from '../../lib/sandbox-wire';
import { readSandboxMessage, SANDBOX_PROTOCOL, type AppToSandbox, type PreviewKind, type RunEnded, type RunFile } from './sandbox-protocol';
import { loadPythonFile, loadRuntime } from './sandbox-runtimes';

// A run's output as the app keeps it: only the run's chunk shows it, as only frames use this door.
export { appendOutput, NO_OUTPUT, type RunOutput, type RunStream } from './run-output';
export { readSandboxMessage, SANDBOX_PROTOCOL, type RunEnded, type RunFile } from './sandbox-protocol';
// The runtimes' code, for a page that carries them (the panel's "Download as a page").
export { loadRuntime } from './sandbox-runtimes';

/**
 * Why a session ended on its own: the frame is not isolated, speaks another protocol, was reloaded,
 * or a runtime the artifact needs could not be loaded (offline before its first use).
 */
export type SandboxFailure = 'not-isolated' | 'protocol' | 'reloaded' | 'runtime';

/** What the app does with the sandbox's reports: show them, nothing else. */
export interface SandboxReports {
  rendered?(height: number): void;
  error?(message: string, line: number | null): void;
  failed(reason: SandboxFailure): void;
  /** The current run's message went to the sandbox (its time limit starts now). */
  running?(): void;
  /** A piece of the current run's output. */
  output?(stream: 'stdout' | 'stderr', text: string): void;
  /** A file the current run made (a figure, a file it wrote to /mnt/data/out). */
  file?(name: string, data: ArrayBuffer): void;
  /** The current run is over. */
  ended?(ended: RunEnded): void;
}

/** How a run runs: its language (JavaScript unless said), its time limit, Python's files at /mnt/data and the packages it installs first. */
export interface RunOptions {
  language?: RunLanguage;
  limitMs?: number;
  files?: RunFile[];
  packages?: RunFile[];
}

export interface SandboxSession {
  /** Shows `source` (replacing what was shown); sent once the sandbox is ready. */
  render(kind: PreviewKind, source: string): void;
  /** Runs a block in a worker of the sandbox's (replacing the current run's reports). */
  run(code: string, options?: RunOptions): void;
  /** Ends the current run (its worker is terminated); its `ended` says 'stopped'. */
  stop(): void;
  /** Ends the conversation: the port closes and nothing more is reported. The frame is its owner's. */
  close(): void;
}

/** The sandbox document's address: beside index.html, under the page's <base> (so under the base path). */
export const sandboxUrl = (): string => new URL('sandbox.html', document.baseURI).href;

/**
 * Starts talking to `frame` (an <iframe> whose src is sandboxUrl(), not yet loaded). Nothing is said
 * before its first load; the frame must then be in another origin than the app's (its response's
 * CSP sandboxes it: docs/sandbox.md), or the session fails without handing it anything. No window
 * `message` listener is ever added: what the sandbox says arrives on the port, checked by shape.
 */
export function openSandboxSession(
  frame: HTMLIFrameElement,
  reports: SandboxReports,
  runtimeOf: (name: RuntimeName) => Promise<string> = loadRuntime,
  pythonFileOf: (name: PythonFile) => Promise<ArrayBuffer> = loadPythonFile,
): SandboxSession {
  let port: MessagePort | null = null;
  let ready = false;
  let closed = false;
  let loads = 0;
  /** Said before the sandbox was ready: runtimes in the order sent, then the latest render. */
  let pending: AppToSandbox[] = [];
  /** The runtimes handed over already: the sandbox keeps them for every later render. */
  const sent = new Set<RuntimeName>();
  /** Whether Pyodide's runtime and files were handed over (once per session: the sandbox keeps them). */
  let pythonSent = false;
  let currentId = -1;
  let nextId = 0;

  const post = (message: AppToSandbox) => {
    port!.postMessage(message);
    if (message.type === 'run') reports.running?.();
  };
  const send = (message: AppToSandbox) => {
    if (ready && port) post(message);
    // Only the latest render is worth sending: an earlier one would be replaced at once.
    else pending = [...pending.filter((said) => message.type !== 'render' || said.type !== 'render'), message];
  };
  const fail = (reason: SandboxFailure) => {
    if (closed) return;
    close();
    reports.failed(reason);
  };
  const onMessage = ({ data }: MessageEvent) => {
    if (closed) return;
    const message = readSandboxMessage(data);
    if (!message) return;
    if (message.type === 'ready') {
      if (ready) return;
      if (message.protocol !== SANDBOX_PROTOCOL) return fail('protocol');
      ready = true;
      for (const message of pending) post(message);
      pending = [];
    } else if (!ready || message.id !== currentId) return;
    else if (message.type === 'rendered') reports.rendered?.(message.height);
    else if (message.type === 'error') reports.error?.(message.message, message.line);
    else if (message.type === 'output') reports.output?.(message.stream, message.text);
    else if (message.type === 'file') reports.file?.(message.name, message.data);
    else reports.ended?.(message);
  };
  const onLoad = () => {
    loads += 1;
    // The sandbox never navigates itself (its CSP and its program): a second load is not ours to trust.
    if (loads > 1) return fail('reloaded');
    // A same-origin document would share the app's storage: never hand it anything.
    let sameOrigin: boolean;
    try {
      sameOrigin = frame.contentDocument !== null;
    } catch {
      sameOrigin = false;
    }
    if (sameOrigin || !frame.contentWindow) return fail('not-isolated');
    const channel = new MessageChannel();
    port = channel.port1;
    port.onmessage = onMessage;
    // An opaque origin can only be addressed as '*'; the frame has just loaded Parley's own document.
    frame.contentWindow.postMessage(PORT_HANDOFF, '*', [channel.port2]);
  };
  frame.addEventListener('load', onLoad);

  function close() {
    if (closed) return;
    closed = true;
    frame.removeEventListener('load', onLoad);
    if (port) {
      port.onmessage = null;
      port.close();
    }
    port = null;
  }

  return {
    render(kind, source) {
      if (closed) return;
      const id = (currentId = nextId++);
      const needed = RUNTIMES_OF[kind].filter((name) => !sent.has(name));
      if (needed.length === 0) return send({ type: 'render', id, kind, source });
      // Fetched by the app (kept by the service worker), never by the sandbox: its network rule stays shut.
      Promise.all(needed.map(runtimeOf)).then(
        (codes) => {
          if (closed || id !== currentId) return;
          needed.forEach((name, at) => {
            if (sent.has(name)) return;
            sent.add(name);
            send({ type: 'runtime', name, code: codes[at]! });
          });
          send({ type: 'render', id, kind, source });
        },
        () => {
          if (id === currentId) fail('runtime');
        },
      );
    },
    run(code, { language = 'javascript', limitMs = RUN_TIME_LIMIT_MS, files = [], packages = [] } = {}) {
      if (closed) return;
      const id = (currentId = nextId++);
      const message: AppToSandbox = { type: 'run', id, language, code, limitMs, files, packages };
      if (language !== 'python' || pythonSent) return send(message);
      // Pyodide's runtime and files, fetched by the app (kept by the service worker) and handed over once.
      Promise.all([runtimeOf('python'), ...PYTHON_FILES.map(pythonFileOf)]).then(
        ([code, ...bytes]) => {
          if (closed || id !== currentId) return;
          if (!pythonSent) {
            pythonSent = true;
            send({ type: 'runtime', name: 'python', code: code as string });
            PYTHON_FILES.forEach((name, at) => send({ type: 'runtime-file', name, data: bytes[at] as ArrayBuffer }));
          }
          send(message);
        },
        () => {
          if (id === currentId) fail('runtime');
        },
      );
    },
    stop() {
      if (!closed && currentId >= 0) send({ type: 'stop', id: currentId });
    },
    close,
  };
}
