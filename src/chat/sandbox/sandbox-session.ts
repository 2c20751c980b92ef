// One artifact frame's conversation with the sandbox document (issue 36): the MessageChannel the app
// creates, handed to the frame once it has loaded, and the only way either side speaks after that.
import { PORT_HANDOFF } from '../../lib/sandbox-wire';
import { readSandboxMessage, SANDBOX_PROTOCOL, type AppToSandbox, type PreviewKind } from './sandbox-protocol';

/** Why a session ended on its own: the frame is not isolated, speaks another protocol, or was reloaded. */
export type SandboxFailure = 'not-isolated' | 'protocol' | 'reloaded';

/** What the app does with the sandbox's reports: show them, nothing else. */
export interface SandboxReports {
  rendered(height: number): void;
  error(message: string, line: number | null): void;
  failed(reason: SandboxFailure): void;
}

export interface SandboxSession {
  /** Shows `source` (replacing what was shown); sent once the sandbox is ready. */
  render(kind: PreviewKind, source: string): void;
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
export function openSandboxSession(frame: HTMLIFrameElement, reports: SandboxReports): SandboxSession {
  let port: MessagePort | null = null;
  let ready = false;
  let closed = false;
  let loads = 0;
  let pending: AppToSandbox | null = null;
  let currentId = -1;
  let nextId = 0;

  const send = (message: AppToSandbox) => {
    if (ready && port) port.postMessage(message);
    else pending = message;
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
      if (pending) port!.postMessage(pending);
      pending = null;
    } else if (message.type === 'rendered' && ready && message.id === currentId) reports.rendered(message.height);
    else if (message.type === 'error' && ready && message.id === currentId) reports.error(message.message, message.line);
    // 'output' belongs to code runs (a later slice); a preview has none.
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
      currentId = nextId++;
      send({ type: 'render', id: currentId, kind, source });
    },
    close,
  };
}
