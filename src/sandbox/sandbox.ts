// The sandbox document's program (issue 36): built by build.mjs into dist/sandbox.html, inline (a
// sandboxed frame's requests never reach the service worker, so it must need no file of its own).
// It takes the app's MessageChannel port once, keeps the runtimes the app hands over (React, the JSX
// transform, Mermaid: fetched by the app, never by the sandbox), renders each artifact in a nested
// frame of its own and relays that frame's reports (its height, its errors), bounded, over the port.
// It also runs code (slice C): each run in a worker of its own, JavaScript or Python (Pyodide, whose
// files the app hands over too), ended by Stop or the run's time limit.
import {
  MAX_ERROR_CHARS,
  MAX_ID,
  MAX_OUTPUT_CHARS,
  MAX_REPORTED_HEIGHT,
  MAX_RUN_OUTPUT_CHARS,
  MAX_VALUE_CHARS,
  PORT_HANDOFF,
  MAX_OUT_FILE_BYTES,
  MAX_OUT_FILES,
  MAX_OUT_FILES_BYTES,
  isFileName,
  PYTHON_FILES,
  RUNTIMES_OF,
  SANDBOX_PROTOCOL,
  type PreviewKind,
  type PythonFile,
  type RunOutcome,
  type RuntimeName,
} from '../lib/sandbox-wire';
import { artifactDocument } from '../lib/artifact-document';
import { readAppMessage, type RunMessage } from './app-messages';
import { pythonScript, type PythonStart } from './python-script';
import { returningLastLine, runScript } from './run-script';

/** Starts the program in this document; does nothing (and says so) unless the document is isolated. */
export function startSandbox(): void {
  // Sandboxed by its response's CSP (`sandbox allow-scripts`): an opaque origin. Served without
  // that header it would share Parley's origin, its storage and its keys: it runs nothing then.
  if (self.origin !== 'null') {
    document.body.textContent = 'Parley’s sandbox is not isolated: its server must send sandbox.html’s headers (see the README).';
    return;
  }
  let port: MessagePort | null = null;
  let artifact: { id: number; frame: HTMLIFrameElement } | null = null;
  /** The runtimes the app handed over, by name: kept for every later render of this document. */
  const runtimes = new Map<RuntimeName, string>();

  const render = (id: number, kind: PreviewKind, source: string) => {
    artifact?.frame.remove();
    artifact = null;
    const missing = RUNTIMES_OF[kind].filter((name) => !runtimes.has(name));
    // The app sends a kind's runtimes before its render; without them nothing can run.
    if (missing.length > 0) {
      port?.postMessage({ type: 'error', id, message: `The preview's runtime is missing: ${missing.join(', ')}`, line: null });
      return;
    }
    const frame = document.createElement('iframe');
    // Its own opaque origin, apart from this program's: the artifact cannot reach the port.
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.title = 'Artifact';
    frame.srcdoc = artifactDocument(kind, source, RUNTIMES_OF[kind].map((name) => runtimes.get(name)!));
    artifact = { id, frame };
    document.body.append(frame);
  };

  /** Pyodide's files the app handed over, by name: kept for every later Python run of this document. */
  const pythonFiles = new Map<PythonFile, ArrayBuffer>();
  /** The runs going on, by id: their worker, its script's address, their time limit. */
  const runs = new Map<number, { worker: Worker; url: string; timer: ReturnType<typeof setTimeout> }>();
  const endRun = (id: number, outcome: RunOutcome, details: { value?: string; error?: string; line?: number } = {}) => {
    const run = runs.get(id);
    if (!run) return;
    runs.delete(id);
    // Ends the worker's thread at once, wherever its code is (an endless loop included).
    run.worker.terminate();
    URL.revokeObjectURL(run.url);
    clearTimeout(run.timer);
    port?.postMessage({ type: 'ended', id, outcome, ...details });
  };
  /**
   * Runs a block in a worker started from a blob: of this document (its opaque origin, its CSP:
   * `connect-src 'none'` holds inside it; `worker-src blob:` lets it start). JavaScript first with
   * its last line returned (its value shown); a syntax error before anything ran means that line was
   * no expression: the block runs again as written. Python: Pyodide's runtime heads the script, and
   * its files and the run's are posted to the worker once it is started.
   */
  const startRun = (run: RunMessage, timer: ReturnType<typeof setTimeout>, returnLast = true) => {
    const { id, code, language } = run;
    let script: string;
    let offset = 0;
    let returning: string | null = null;
    if (language === 'python') {
      const runtime = runtimes.get('python');
      const missing = PYTHON_FILES.filter((name) => !pythonFiles.has(name));
      if (!runtime || missing.length > 0) {
        runs.set(id, { worker: { terminate() {} } as Worker, url: '', timer });
        endRun(id, 'error', { error: `Python’s runtime is missing: ${[...(runtime ? [] : ['python']), ...missing].join(', ')}` });
        return;
      }
      script = pythonScript(runtime, MAX_RUN_OUTPUT_CHARS, MAX_VALUE_CHARS);
    } else {
      returning = returnLast ? returningLastLine(code) : null;
      ({ script, offset } = runScript(returning ?? code, MAX_RUN_OUTPUT_CHARS, MAX_VALUE_CHARS));
    }
    const lines = code.split('\n').length;
    /** A line of the worker's script as the block's, when it is one. */
    const lineOfBlock = (line: unknown) => {
      const at = Number(line) - offset;
      return Number.isInteger(at) && at >= 1 && at <= lines ? { line: at } : {};
    };
    let url: string;
    let worker: Worker;
    try {
      url = URL.createObjectURL(new Blob([script], { type: 'text/javascript' }));
      worker = new Worker(url);
    } catch (error) {
      runs.set(id, { worker: { terminate() {} } as Worker, url: '', timer });
      endRun(id, 'error', { error: `The sandbox could not start the run: ${String(error)}`.slice(0, MAX_ERROR_CHARS) });
      return;
    }
    runs.set(id, { worker, url, timer });
    if (language === 'python') {
      const start: PythonStart = {
        code,
        wasm: pythonFiles.get('pyodide.asm.wasm')!,
        stdlib: pythonFiles.get('python_stdlib.zip')!,
        lock: pythonFiles.get('pyodide-lock.json')!,
        files: run.files,
        packages: run.packages,
        out: { count: MAX_OUT_FILES, each: MAX_OUT_FILE_BYTES, total: MAX_OUT_FILES_BYTES },
      };
      worker.postMessage(start);
    }
    let started = false;
    let relayed = 0;
    let filesOut = 0;
    let bytesOut = 0;
    // What the worker says is the block's to forge (the prelude hides postMessage, but the prototype's stays reachable): shapes and bounds.
    worker.onmessage = ({ data }) => {
      if (runs.get(id)?.worker !== worker || !data || typeof data !== 'object') return;
      const { t, stream, text, value, error, line, name } = data as Record<string, unknown>;
      const bytes = (data as Record<string, unknown>).data;
      if (t === 'started') started = true;
      else if (t === 'output' && (stream === 'stdout' || stream === 'stderr') && typeof text === 'string') {
        // Past the run's bound (plus the one character that says it was cut), nothing more is relayed.
        const room = MAX_RUN_OUTPUT_CHARS + 1 - relayed;
        const kept = text.slice(0, Math.max(0, room));
        relayed += kept.length;
        for (let at = 0; at < kept.length; at += MAX_OUTPUT_CHARS) port?.postMessage({ type: 'output', id, stream, text: kept.slice(at, at + MAX_OUTPUT_CHARS) });
      } else if (t === 'file' && isFileName(name) && bytes instanceof Uint8Array && bytes.length <= MAX_OUT_FILE_BYTES) {
        if (filesOut >= MAX_OUT_FILES || bytesOut + bytes.length > MAX_OUT_FILES_BYTES) return;
        filesOut += 1;
        bytesOut += bytes.length;
        // A copy of exactly its bytes (the view may be of a larger buffer), handed over, not cloned again.
        const copy = bytes.slice().buffer;
        port?.postMessage({ type: 'file', id, name, data: copy }, [copy]);
      } else if (t === 'done') endRun(id, 'done', typeof value === 'string' ? { value: value.slice(0, MAX_VALUE_CHARS) } : {});
      else if (t === 'error') endRun(id, 'error', { error: String(error).slice(0, MAX_ERROR_CHARS), ...lineOfBlock(line) });
    };
    // Reaches here only when the script never ran (the prelude catches every later error): a syntax error.
    worker.onerror = (event) => {
      event.preventDefault();
      if (runs.get(id)?.worker !== worker) return;
      if (returning !== null && !started) {
        worker.terminate();
        URL.revokeObjectURL(url);
        startRun(run, timer, false);
        return;
      }
      endRun(id, 'error', { error: String(event.message || 'The run could not start').slice(0, MAX_ERROR_CHARS), ...lineOfBlock(event.lineno) });
    };
  };

  addEventListener('message', (event) => {
    if (!port) {
      // The app's handoff, once: from the parent, with exactly one port.
      if (event.source !== parent || event.data !== PORT_HANDOFF || event.ports.length !== 1) return;
      port = event.ports[0]!;
      port.onmessage = ({ data }) => {
        const message = readAppMessage(data);
        if (message?.type === 'runtime') runtimes.set(message.name, message.code);
        else if (message?.type === 'render') render(message.id, message.kind, message.source);
        else if (message?.type === 'runtime-file') pythonFiles.set(message.name, message.data);
        else if (message?.type === 'run' && !runs.has(message.id)) {
          const { id, limitMs } = message;
          startRun(message, setTimeout(() => endRun(id, 'timeout'), limitMs));
        } else if (message?.type === 'stop') endRun(message.id, 'stopped');
      };
      port.postMessage({ type: 'ready', protocol: SANDBOX_PROTOCOL });
      return;
    }
    // Reports from the current artifact's frame only.
    if (!artifact || event.source !== artifact.frame.contentWindow) return;
    const data: unknown = event.data;
    if (!data || typeof data !== 'object') return;
    const { type, height, message, line } = data as Record<string, unknown>;
    if (type === 'height' && typeof height === 'number' && Number.isFinite(height)) {
      const bounded = Math.min(Math.max(0, Math.ceil(height)), MAX_REPORTED_HEIGHT);
      artifact.frame.style.height = `${bounded}px`;
      port.postMessage({ type: 'rendered', id: artifact.id, height: bounded });
    } else if (type === 'error') {
      const at = Number.isInteger(line) && (line as number) > 0 && (line as number) <= MAX_ID ? (line as number) : null;
      port.postMessage({ type: 'error', id: artifact.id, message: String(message).slice(0, MAX_ERROR_CHARS), line: at });
    }
  });
}
