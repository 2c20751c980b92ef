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
  RUNTIME_GLOBAL,
  RUNTIMES_OF,
  SANDBOX_PROTOCOL,
  type PreviewKind,
  type PythonFile,
  type RunOutcome,
  type RuntimeName,
} from '../lib/sandbox-wire';
import { readAppMessage, type RunMessage } from './app-messages';
import { pythonScript, type PythonStart } from './python-script';
import { returningLastLine, runScript } from './run-script';

/** The address a component's code runs under in its frame: errors and stack lines there are the block's lines. */
export const ARTIFACT_SOURCE_URL = 'parley-artifact.jsx';

/**
 * Put in front of the artifact, on its first line so the artifact's line numbers stay its own:
 * reports the document's height as it changes and every uncaught error, to this program (its
 * parent). The artifact can send the same messages itself; they are checked like any other.
 * `lineOf` is an expression of `e` (the ErrorEvent) giving the line to report (0: unknown).
 */
const reporter = (lineOf: string) =>
  `<script>(()=>{const p=(m)=>parent.postMessage(m,'*');addEventListener('error',(e)=>p({type:'error',message:String(e.message),line:(${lineOf})|0}));addEventListener('unhandledrejection',(e)=>p({type:'error',message:String(e.reason),line:0}));const s=()=>p({type:'height',height:Math.ceil(document.documentElement.getBoundingClientRect().height)});addEventListener('load',()=>{s();new ResizeObserver(s).observe(document.documentElement)})})()</script>`;

/** A page's or picture's errors are at their own line of the document. */
const REPORTER = reporter('e.lineno');
/**
 * A component runs as a script of its own, named ARTIFACT_SOURCE_URL: its line is the first stack
 * frame there (an error React reports, a throw inside the runtime called from the component), else
 * the event's own line when the event is the component script's. Anything else (a runtime's own
 * failure) has no line of the block.
 */
const RUNTIME_REPORTER = reporter(
  `((/${ARTIFACT_SOURCE_URL.replace('.', '\\.')}:(\\d+)/.exec(String(e.error&&e.error.stack))||[])[1])||(String(e.filename).endsWith('${ARTIFACT_SOURCE_URL}')?e.lineno:0)`,
);

/** Text as a JavaScript string literal that is safe inside an inline <script>. */
const scriptString = (text: string) => JSON.stringify(text).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
const runtimeScripts = (codes: readonly string[]) => codes.map((code) => `<script>${code}</script>`).join('');
const R = `self.${RUNTIME_GLOBAL}`;
const REPORT = `(m,l)=>parent.postMessage({type:'error',message:String(m),line:l|0},'*')`;

/**
 * Runs a component: the transform (a syntax error is reported at its line), then the module as a
 * script of its own whose first line is the block's first line (its wrapper opens on that line),
 * with `require` answering React's modules only; its default export is mounted into #root.
 */
const jsxBoot = (source: string) =>
  `<script>(()=>{const r=${REPORT},R=${R},m=R.react;let c;try{c=R['jsx-transform'](${scriptString(source)})}catch(e){r(e.message,e.loc&&e.loc.line);return}` +
  `self.React=m.react;self.__parleyMount=(f)=>{const module={exports:{}};f((n)=>{if(Object.hasOwn(m,n))return m[n];throw new Error('only React is available in previews: '+n)},module.exports,module);` +
  `const C=module.exports.default;if(typeof C!=='function'&&!(C&&typeof C==='object'&&C.$$typeof))throw new Error('the block must export a React component as its default export');` +
  `m['react-dom/client'].createRoot(document.getElementById('root')).render(m.react.createElement(C))};` +
  `const s=document.createElement('script');s.textContent='__parleyMount(function(require,exports,module){'+c+'\\n})\\n//# sourceURL=${ARTIFACT_SOURCE_URL}';document.body.append(s)})()</script>`;

/** Draws a diagram: a syntax error is reported at its line (Mermaid's parsers say it in the error or its message). */
const mermaidBoot = (source: string) =>
  `<script>(async()=>{try{document.getElementById('root').innerHTML=await ${R}.mermaid(${scriptString(source)})}catch(e){const m=String(e&&e.message||e);` +
  `(${REPORT})(m,(e&&e.hash&&e.hash.loc&&e.hash.loc.first_line)||(/line (\\d+)/i.exec(m)||[])[1])}})()</script>`;

/**
 * The artifact's document. An SVG is shown alone on a bare page; HTML is taken as it is, the reporter
 * after its doctype if it has one. A component or a diagram gets its runtimes' code (`runtimes`, in
 * RUNTIMES_OF's order) as inline scripts, then the script that runs it.
 */
export function artifactDocument(kind: PreviewKind, source: string, runtimes: readonly string[] = []): string {
  if (kind === 'svg') return `<!doctype html>${REPORTER}<style>html,body{margin:0}svg{display:block;max-width:100%;height:auto}</style>${source}`;
  if (kind === 'jsx') return `<!doctype html><html><head><meta charset="utf-8">${RUNTIME_REPORTER}<style>html,body{margin:0}body{font-family:system-ui,sans-serif}</style></head><body><div id="root"></div>${runtimeScripts(runtimes)}${jsxBoot(source)}</body></html>`;
  if (kind === 'mermaid') return `<!doctype html><html><head><meta charset="utf-8">${RUNTIME_REPORTER}<style>html,body{margin:0}#root svg{display:block;margin:auto;max-width:100%;height:auto}</style></head><body><div id="root"></div>${runtimeScripts(runtimes)}${mermaidBoot(source)}</body></html>`;
  const doctype = /^\s*<!doctype[^>]*>/i.exec(source);
  return doctype ? `${doctype[0]}${REPORTER}${source.slice(doctype[0].length)}` : `${REPORTER}${source}`;
}

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
