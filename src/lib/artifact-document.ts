// An artifact as the document that shows it (issue 36, docs/sandbox.md): a page or picture as it is,
// a component or diagram with its runtimes' code inline and the script that runs it, and a reporter
// of the document's height and errors to its parent. The sandbox renders it in the artifact's frame;
// the app writes the same document to a file for "Download as a page" (it opens from file://).
import { RUNTIME_GLOBAL, type PreviewKind } from './sandbox-wire';

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
