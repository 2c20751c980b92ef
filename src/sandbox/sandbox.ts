// The sandbox document's program (issue 36): built by build.mjs into dist/sandbox.html, inline (a
// sandboxed frame's requests never reach the service worker, so it must need no file of its own).
// It takes the app's MessageChannel port once, renders each artifact in a nested frame of its own
// and relays that frame's reports (its height, its errors), bounded, over the port. Nothing else.
import { PREVIEW_KINDS, MAX_ERROR_CHARS, MAX_ID, MAX_REPORTED_HEIGHT, PORT_HANDOFF, SANDBOX_PROTOCOL, type PreviewKind } from '../lib/sandbox-wire';

/**
 * Put in front of the artifact, on its first line so the artifact's line numbers stay its own:
 * reports the document's height as it changes and every uncaught error, to this program (its
 * parent). The artifact can send the same messages itself; they are checked like any other.
 */
const REPORTER = `<script>(()=>{const p=(m)=>parent.postMessage(m,'*');addEventListener('error',(e)=>p({type:'error',message:String(e.message),line:e.lineno|0}));addEventListener('unhandledrejection',(e)=>p({type:'error',message:String(e.reason),line:0}));const s=()=>p({type:'height',height:Math.ceil(document.documentElement.getBoundingClientRect().height)});addEventListener('load',()=>{s();new ResizeObserver(s).observe(document.documentElement)})})()</script>`;

/** An SVG is shown alone on a bare page; HTML is taken as it is, the reporter after its doctype if it has one. */
export function artifactDocument(kind: PreviewKind, source: string): string {
  if (kind === 'svg') return `<!doctype html>${REPORTER}<style>html,body{margin:0}svg{display:block;max-width:100%;height:auto}</style>${source}`;
  const doctype = /^\s*<!doctype[^>]*>/i.exec(source);
  return doctype ? `${doctype[0]}${REPORTER}${source.slice(doctype[0].length)}` : `${REPORTER}${source}`;
}

const isKind = (value: unknown): value is PreviewKind => (PREVIEW_KINDS as readonly unknown[]).includes(value);
const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_ID;

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

  const render = (id: number, kind: PreviewKind, source: string) => {
    artifact?.frame.remove();
    const frame = document.createElement('iframe');
    // Its own opaque origin, apart from this program's: the artifact cannot reach the port.
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.title = 'Artifact';
    frame.srcdoc = artifactDocument(kind, source);
    artifact = { id, frame };
    document.body.append(frame);
  };

  addEventListener('message', (event) => {
    if (!port) {
      // The app's handoff, once: from the parent, with exactly one port.
      if (event.source !== parent || event.data !== PORT_HANDOFF || event.ports.length !== 1) return;
      port = event.ports[0]!;
      port.onmessage = ({ data }) => {
        if (data && data.type === 'render' && isId(data.id) && isKind(data.kind) && typeof data.source === 'string') render(data.id, data.kind, data.source);
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
