import type { ChatDelta, ChatModel, ChatModelMessage, ChatModelRequest } from '../../src/chat';

/**
 * A real, deterministic ChatModel for tests: each call streams a scripted list of steps with
 * controllable timing (setTimeout, so fake timers drive it), honours the abort signal like a
 * network stream would, and records every request it received.
 */

export type ScriptStep =
  /** Waits `delayMs` (0: a microtask), then yields the delta. */
  | { delayMs?: number; delta: ChatDelta }
  /** Waits `delayMs`, then fails the stream. */
  | { delayMs?: number; error: Error }
  /** Holds the stream until the gate opens (or the request is aborted). */
  | { gate: Gate };

export interface Gate {
  readonly opened: Promise<void>;
  open(): void;
}

export function createGate(): Gate {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

export interface RecordedCall {
  model?: string;
  messages: ChatModelMessage[];
  signal: AbortSignal;
}

export interface ScriptedModel extends ChatModel {
  readonly calls: readonly RecordedCall[];
  readonly titleCalls: readonly RecordedCall[];
}

export interface ScriptedModelOptions {
  /** The steps of the n-th call (the last script repeats), or a function of the call. */
  replies: ScriptStep[][] | ((request: ChatModelRequest, call: number) => ScriptStep[]);
  /** Makes the model offer titles. */
  title?: (request: ChatModelRequest) => Promise<string>;
}

/** `text` as content deltas of `size` characters, each `delayMs` after the previous one. */
export function textSteps(text: string, { size = 4, delayMs = 0 }: { size?: number; delayMs?: number } = {}): ScriptStep[] {
  const steps: ScriptStep[] = [];
  for (let at = 0; at < text.length; at += size) steps.push({ delayMs, delta: { type: 'content', text: text.slice(at, at + size) } });
  return steps;
}

function abortError(): DOMException {
  return new DOMException('The request was aborted', 'AbortError');
}

function wait(delayMs: number, signal: AbortSignal, until?: Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    const done = () => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    };
    const timer = until ? undefined : delayMs > 0 ? setTimeout(done, delayMs) : undefined;
    if (until) void until.then(done);
    else if (delayMs <= 0) queueMicrotask(done);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export function createScriptedModel(options: ScriptedModelOptions): ScriptedModel {
  const calls: RecordedCall[] = [];
  const titleCalls: RecordedCall[] = [];
  const scriptFor = (request: ChatModelRequest, call: number): ScriptStep[] => {
    if (typeof options.replies === 'function') return options.replies(request, call);
    return options.replies[Math.min(call, options.replies.length - 1)] ?? [];
  };

  const model: ScriptedModel = {
    calls,
    titleCalls,
    async *stream(request) {
      const call = calls.length;
      calls.push({ model: request.model, messages: structuredClone(request.messages), signal: request.signal });
      for (const step of scriptFor(request, call)) {
        if ('gate' in step) await wait(0, request.signal, step.gate.opened);
        else await wait(step.delayMs ?? 0, request.signal);
        if ('error' in step) throw step.error;
        if ('delta' in step) yield step.delta;
      }
    },
  };
  if (options.title) {
    const title = options.title;
    model.title = (request) => {
      titleCalls.push({ model: request.model, messages: structuredClone(request.messages), signal: request.signal });
      return title(request);
    };
  }
  return model;
}
