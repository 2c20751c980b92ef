import { afterEach, describe, expect, it } from 'vitest';
import { openSandboxSession, SANDBOX_PROTOCOL, type SandboxFailure } from '../../../src/chat/sandbox/sandbox-session';
import { PORT_HANDOFF } from '../../../src/lib/sandbox-wire';

// One frame's session (issue 36): the port goes to the frame once it has loaded, and only to a
// frame of another origin; the sandbox's reports are read only when they are the current render's.

/** What the frame received through postMessage. */
interface Handoff {
  message: unknown;
  target: string;
  ports: MessagePort[];
}

/** A stand-in for the <iframe>: its load event, its window's postMessage, and whether its document is readable (same origin). */
function fakeFrame({ sameOrigin = false } = {}) {
  const handoffs: Handoff[] = [];
  const frame = new EventTarget() as EventTarget & { contentDocument: unknown; contentWindow: unknown };
  frame.contentDocument = sameOrigin ? {} : null;
  frame.contentWindow = { postMessage: (message: unknown, target: string, ports: MessagePort[]) => handoffs.push({ message, target, ports }) };
  return { frame: frame as unknown as HTMLIFrameElement, handoffs, load: () => frame.dispatchEvent(new Event('load')) };
}

function reportsLog() {
  const log: string[] = [];
  return {
    log,
    reports: {
      rendered: (height: number) => log.push(`rendered ${height}`),
      error: (message: string, line: number | null) => log.push(`error ${message} @${line}`),
      failed: (reason: SandboxFailure) => log.push(`failed ${reason}`),
    },
  };
}

/** The sandbox's end of the channel: what it received, and a way to answer. */
function sandboxEnd(port: MessagePort) {
  const received: unknown[] = [];
  port.onmessage = ({ data }) => received.push(data);
  return { received, say: (message: unknown) => port.postMessage(message) };
}

/** Resolves once the other end of `port` is closed (a MessagePort delivers in order, on a later task). */
const closedFrom = (port: MessagePort) => new Promise((resolve) => port.addEventListener('close', resolve));

const opened: MessagePort[] = [];
afterEach(() => {
  for (const port of opened.splice(0)) port.close();
});

describe('a sandbox session', () => {
  it('hands one port to the loaded frame, sends the render once ready, and reads only the current render’s reports', async () => {
    const { frame, handoffs, load } = fakeFrame();
    const { log, reports } = reportsLog();
    const session = openSandboxSession(frame, reports);
    session.render('html', '<p>one</p>');
    expect(handoffs).toEqual([]);
    load();
    expect(handoffs).toHaveLength(1);
    expect(handoffs[0]!.message).toBe(PORT_HANDOFF);
    expect(handoffs[0]!.target).toBe('*');
    expect(handoffs[0]!.ports).toHaveLength(1);
    const port = handoffs[0]!.ports[0]!;
    opened.push(port);
    const sandbox = sandboxEnd(port);
    // Said before the sandbox is ready: a render's report is not read yet.
    sandbox.say({ type: 'rendered', id: 0, height: 50 });
    sandbox.say({ type: 'ready', protocol: SANDBOX_PROTOCOL });
    // Nothing is sent before the sandbox says it is ready: the render is the first message.
    await expect.poll(() => sandbox.received.length).toBe(1);
    expect(sandbox.received).toEqual([{ type: 'render', id: 0, kind: 'html', source: '<p>one</p>' }]);
    expect(log).toEqual([]);

    // Dropped: malformed, another render's, a command the app does not take. Messages arrive in
    // order, so the last (valid) one's report means the ones before it were read and dropped.
    sandbox.say({ type: 'rendered', id: 0, height: -5 });
    sandbox.say({ type: 'rendered', id: 7, height: 80 });
    sandbox.say({ type: 'navigate', url: 'https://evil.example' });
    sandbox.say({ type: 'error', id: 0, message: 'boom', line: 3, then: 'send' });
    sandbox.say({ type: 'error', id: 0, message: 'boom', line: 3 });
    await expect.poll(() => log.length).toBe(1);
    expect(log).toEqual(['error boom @3']);

    // A new render: the previous one's reports no longer count.
    session.render('svg', '<svg></svg>');
    await expect.poll(() => sandbox.received.length).toBe(2);
    expect(sandbox.received[1]).toEqual({ type: 'render', id: 1, kind: 'svg', source: '<svg></svg>' });
    sandbox.say({ type: 'rendered', id: 0, height: 99 });
    sandbox.say({ type: 'rendered', id: 1, height: 20 });
    await expect.poll(() => log.length).toBe(2);
    expect(log).toEqual(['error boom @3', 'rendered 20']);

    // Closed: the app's end of the channel shuts, so nothing more can be read.
    const closed = closedFrom(port);
    session.close();
    await closed;
  });

  it('hands nothing to a frame of the app’s own origin', () => {
    const { frame, handoffs, load } = fakeFrame({ sameOrigin: true });
    const { log, reports } = reportsLog();
    openSandboxSession(frame, reports).render('html', '<p>x</p>');
    load();
    expect(handoffs).toEqual([]);
    expect(log).toEqual(['failed not-isolated']);
  });

  it('ends when the sandbox speaks another protocol, and when the frame loads again', async () => {
    const first = fakeFrame();
    const firstLog = reportsLog();
    openSandboxSession(first.frame, firstLog.reports).render('html', '<p>x</p>');
    first.load();
    const port = first.handoffs[0]!.ports[0]!;
    opened.push(port);
    const sandbox = sandboxEnd(port);
    const closed = closedFrom(port);
    sandbox.say({ type: 'ready', protocol: SANDBOX_PROTOCOL + 1 });
    await expect.poll(() => firstLog.log).toEqual(['failed protocol']);
    // The session ended: its end of the channel closed without sending the render.
    await closed;
    expect(sandbox.received).toEqual([]);

    const second = fakeFrame();
    const secondLog = reportsLog();
    openSandboxSession(second.frame, secondLog.reports);
    second.load();
    second.load();
    expect(secondLog.log).toEqual(['failed reloaded']);
    expect(second.handoffs).toHaveLength(1);
  });

  it('hands a kind’s runtimes over before its render, each once per frame, and fails when one cannot be loaded', async () => {
    const { frame, handoffs, load } = fakeFrame();
    const { log, reports } = reportsLog();
    const asked: string[] = [];
    // The runtimes' files as the app would fetch them (the real loader fetches them from the build).
    const runtimeOf = async (name: string) => {
      asked.push(name);
      return `/* ${name} */`;
    };
    const session = openSandboxSession(frame, reports, runtimeOf);
    session.render('jsx', 'export default () => null;');
    load();
    const port = handoffs[0]!.ports[0]!;
    opened.push(port);
    const sandbox = sandboxEnd(port);
    sandbox.say({ type: 'ready', protocol: SANDBOX_PROTOCOL });
    await expect.poll(() => sandbox.received.length).toBe(3);
    expect(sandbox.received).toEqual([
      { type: 'runtime', name: 'react', code: '/* react */' },
      { type: 'runtime', name: 'jsx-transform', code: '/* jsx-transform */' },
      { type: 'render', id: 0, kind: 'jsx', source: 'export default () => null;' },
    ]);
    // The sandbox keeps them: a second component sends its render alone, a diagram only Mermaid.
    session.render('jsx', 'export default () => 1;');
    session.render('html', '<p>x</p>');
    session.render('mermaid', 'graph TD; A-->B');
    await expect.poll(() => sandbox.received.length).toBe(7);
    expect(sandbox.received.slice(3)).toEqual([
      { type: 'render', id: 1, kind: 'jsx', source: 'export default () => 1;' },
      { type: 'render', id: 2, kind: 'html', source: '<p>x</p>' },
      { type: 'runtime', name: 'mermaid', code: '/* mermaid */' },
      { type: 'render', id: 3, kind: 'mermaid', source: 'graph TD; A-->B' },
    ]);
    expect(asked).toEqual(['react', 'jsx-transform', 'mermaid']);
    expect(log).toEqual([]);

    // Offline before a runtime's first use: the preview says so instead of starting.
    const other = fakeFrame();
    const otherLog = reportsLog();
    openSandboxSession(other.frame, otherLog.reports, () => Promise.reject(new Error('offline'))).render('mermaid', 'graph TD; A-->B');
    other.load();
    await expect.poll(() => otherLog.log).toEqual(['failed runtime']);
  });

  it('hands Python’s runtime and files over once, then each run with its limit, files and packages; says when each run went', async () => {
    const { frame, handoffs, load } = fakeFrame();
    const log: string[] = [];
    const asked: string[] = [];
    const runtimeOf = async (name: string) => (asked.push(name), `/* ${name} */`);
    const bytes = new Map<string, ArrayBuffer>();
    const fileOf = async (name: string) => {
      asked.push(name);
      if (!bytes.has(name)) bytes.set(name, new Uint8Array([name.length]).buffer);
      return bytes.get(name)!;
    };
    const session = openSandboxSession(
      frame,
      { failed: (reason) => log.push(`failed ${reason}`), running: () => log.push('running'), file: (name, data) => log.push(`file ${name} ${data.byteLength}`) },
      runtimeOf,
      fileOf,
    );
    const csv = { name: 'scores.csv', data: new ArrayBuffer(4) };
    session.run('print(1)', { language: 'python', limitMs: 5_000, files: [csv] });
    load();
    const port = handoffs[0]!.ports[0]!;
    opened.push(port);
    const sandbox = sandboxEnd(port);
    sandbox.say({ type: 'ready', protocol: SANDBOX_PROTOCOL });
    await expect.poll(() => sandbox.received.length).toBe(5);
    expect(sandbox.received.map((message) => (message as { type: string; name?: string }).name ?? (message as { type: string }).type)).toEqual([
      'python',
      'pyodide.asm.wasm',
      'python_stdlib.zip',
      'pyodide-lock.json',
      'run',
    ]);
    expect(sandbox.received[4]).toMatchObject({ type: 'run', id: 0, language: 'python', code: 'print(1)', limitMs: 5_000, packages: [] });
    expect((sandbox.received[4] as { files: { name: string }[] }).files.map((file) => file.name)).toEqual(['scores.csv']);
    expect(log).toEqual(['running']);

    // What the run made reaches the app, checked; a second run sends itself alone (JavaScript at the default limit).
    sandbox.say({ type: 'file', id: 0, name: 'figure-1.png', data: new ArrayBuffer(7) });
    sandbox.say({ type: 'file', id: 0, name: '../escape.png', data: new ArrayBuffer(7) });
    await expect.poll(() => log).toEqual(['running', 'file figure-1.png 7']);
    session.run('1 + 1');
    await expect.poll(() => sandbox.received.length).toBe(6);
    expect(sandbox.received[5]).toEqual({ type: 'run', id: 1, language: 'javascript', code: '1 + 1', limitMs: 30_000, files: [], packages: [] });
    session.run('print(2)', { language: 'python' });
    await expect.poll(() => sandbox.received.length).toBe(7);
    expect(sandbox.received[6]).toMatchObject({ type: 'run', id: 2, language: 'python' });
    expect(asked.filter((name) => name === 'python')).toHaveLength(1);
    expect(log).toEqual(['running', 'file figure-1.png 7', 'running', 'running']);
  });
});
