// The script of a code run's worker (issue 36 slice C, docs/sandbox.md "Runs"): a prelude that
// hides the worker's postMessage from the code and turns console calls into bounded output,
// then the block itself as the body of an async function (so `await` and `return` work at its top).
// The sandbox's CSP has no 'unsafe-eval': the block is the script's own text, never eval'd.

/**
 * Runs first in the worker. Self-contained: its source text (Function.prototype.toString) is put
 * at the head of the worker's script, so it may use nothing from outside its own body. Returns the
 * two ends the block's promise settles into.
 */
export function workerPrelude(limit: number, valueLimit: number) {
  // Any: a worker's global is no Window, and the DOM's types are the only ones here.
  const scope = self as any;
  const post: (message: unknown) => void = scope.postMessage.bind(scope);
  // Out of the code's easy reach (it can still find the prototype's): whatever it posts itself is
  // checked by the sandbox's program like any report, bounded, and concerns only its own run.
  scope.postMessage = undefined;
  let sent = 0;
  let buffer = '';
  let stream = 'stdout';
  let timer: ReturnType<typeof setTimeout> | 0 = 0;
  let cut = false;
  let over = false;
  // Output goes in pieces of up to 32 K characters, or every 16 ms: a loop of a million logs is a
  // few dozen messages to the sandbox's thread, not a million.
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = 0;
    if (buffer) post({ t: 'output', stream, text: buffer });
    buffer = '';
  };
  const write = (to: string, text: string) => {
    if (cut || over) return;
    if (to !== stream) flush();
    stream = to;
    // One character past the limit tells the app the output was cut.
    if (sent + text.length > limit) {
      text = text.slice(0, limit - sent + 1);
      cut = true;
    }
    sent += text.length;
    buffer += text;
    if (buffer.length >= 32768 || cut) flush();
    else if (!timer) timer = setTimeout(flush, 16);
  };
  /** A value as text: strings as they are at the top of a log (quoted inside), objects a few levels deep, cycles named. */
  const show = (value: unknown, quote: boolean, depth = 0, seen = new Set<object>()): string => {
    if (typeof value === 'string') return quote ? JSON.stringify(value) : value;
    if (typeof value === 'bigint') return `${value}n`;
    if (typeof value === 'function') return `[Function ${value.name || '(anonymous)'}]`;
    if (typeof value !== 'object' || value === null) return String(value);
    if (value instanceof Error) return String(value.stack || `${value.name}: ${value.message}`);
    if (seen.has(value)) return '[Circular]';
    if (depth > 3) return Array.isArray(value) ? '[Array]' : '[Object]';
    seen.add(value);
    try {
      const inner = (entries: string[], more: number) => (more > 0 ? [...entries, `… ${more} more`] : entries).join(', ');
      if (Array.isArray(value)) return `[${inner(value.slice(0, 100).map((item) => show(item, true, depth + 1, seen)), value.length - 100)}]`;
      if (value instanceof Map) return `Map(${value.size}) {${inner([...value].slice(0, 100).map(([k, v]) => `${show(k, true, depth + 1, seen)} => ${show(v, true, depth + 1, seen)}`), value.size - 100)}}`;
      if (value instanceof Set) return `Set(${value.size}) {${inner([...value].slice(0, 100).map((item) => show(item, true, depth + 1, seen)), value.size - 100)}}`;
      const keys = Object.keys(value);
      const name = Object.getPrototypeOf(value)?.constructor?.name;
      const body = `{${inner(keys.slice(0, 100).map((key) => `${key}: ${show((value as Record<string, unknown>)[key], true, depth + 1, seen)}`), keys.length - 100)}}`;
      return name && name !== 'Object' ? `${name} ${body}` : body;
    } catch (error) {
      return `[unreadable: ${String(error)}]`;
    } finally {
      seen.delete(value);
    }
  };
  const methods: [string, string][] = [['log', 'stdout'], ['info', 'stdout'], ['debug', 'stdout'], ['warn', 'stderr'], ['error', 'stderr']];
  for (const [name, to] of methods) scope.console[name] = (...args: unknown[]) => write(to, `${args.map((arg) => show(arg, false)).join(' ')}\n`);
  /** The line of the worker's script where `error` was thrown (its first stack frame there), 0 when unknown. */
  const lineOf = (error: unknown) => {
    const stack = String(error && (error as Error).stack);
    const at = stack.indexOf(`${location.href}:`);
    return at < 0 ? 0 : parseInt(stack.slice(at + location.href.length + 1), 10) || 0;
  };
  const end = (message: Record<string, unknown>) => {
    if (over) return;
    flush();
    over = true;
    post(message);
  };
  const fail = (error: unknown) =>
    end({ t: 'error', error: error instanceof Error ? `${error.name}: ${error.message}` : `Uncaught ${show(error, true)}`, line: lineOf(error) });
  // An error thrown later (in a timer the block started) ends the run too; it is reported as the block's.
  addEventListener('error', (event: ErrorEvent) => {
    event.preventDefault();
    end({ t: 'error', error: String(event.message), line: event.lineno | 0 });
  });
  addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    event.preventDefault();
    fail(event.reason);
  });
  post({ t: 'started' });
  return {
    done: (value: unknown) => end(value === undefined ? { t: 'done' } : { t: 'done', value: show(value, true).slice(0, valueLimit) }),
    fail,
    /** Output written by the run's runtime (Python's print, already buffered by Python), bounded like console's and sent at once. */
    print: (to: string, text: string) => {
      write(to, text);
      flush();
    },
    /** A file the run wrote (Python's /mnt/data/out, its figures): the sandbox checks and bounds it. */
    file: (name: string, data: Uint8Array) => {
      if (!over) post({ t: 'file', name, data });
    },
    /** Ends the run with `text` as its last value's text as it is (a Python repr). */
    shown: (text: string) => end({ t: 'done', value: text.slice(0, valueLimit) }),
    /** Ends the run with `text` as its error as it is (a Python traceback), at `line` of the block (0: unknown). */
    error: (text: string, line: number) => end({ t: 'error', error: text, line }),
  };
}

/** Lines that cannot start an expression statement of their own, or that may continue the one before. */
const NOT_AN_ENDING_EXPRESSION =
  /^(?:$|[-+*/%.,?:=&|^)\]}([`<>]|(?:async\s+)?function\b|class\b|return\b|let\b|const\b|var\b|if\b|else\b|for\b|while\b|do\b|switch\b|case\b|default\b|try\b|catch\b|finally\b|throw\b|import\b|export\b|break\b|continue\b|debugger\b)/;

/**
 * The block with its last line returned, so the run can show the last expression's value as a
 * console does: `sum` on the last line shows the sum. Null when that line plainly is not an
 * expression of its own (a closing brace, a declaration, a line continuing the one above). The
 * sandbox cannot parse JavaScript (no eval, no parser): it tries this first, and runs the block as
 * written when the worker reports a syntax error before any of it ran.
 */
export function returningLastLine(code: string): string | null {
  const lines = code.replace(/\s+$/, '').split('\n');
  const last = lines[lines.length - 1]!.trim().replace(/;$/, '');
  // An odd number of backticks: the line ends a template literal begun above.
  if (NOT_AN_ENDING_EXPRESSION.test(last) || last.startsWith('//') || last.startsWith('/*') || (last.split('`').length - 1) % 2 === 1) return null;
  // The newline before `)` keeps a trailing `// comment` from swallowing it.
  lines[lines.length - 1] = `return (${last}\n)`;
  return lines.join('\n');
}

/** The global name the worker's script keeps the prelude's ends under (the block may shadow it inside; it is read outside). */
const ENDS = '__parleyRun';

/** The worker's script for `code`, and how many lines come before the block's first (to turn its lines back into the block's). */
export function runScript(code: string, limit: number, valueLimit: number): { script: string; offset: number } {
  const head = `const ${ENDS}=(${workerPrelude.toString()})(${limit},${valueLimit});\n(async()=>{\n`;
  return { script: `${head}${code}\n})().then(${ENDS}.done,${ENDS}.fail);\n`, offset: head.split('\n').length - 1 };
}
