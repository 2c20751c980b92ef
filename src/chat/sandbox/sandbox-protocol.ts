// The messages between the app and the artifact sandbox (issue 36, docs/sandbox.md), and the shape
// check every message from the sandbox passes before the app reads it. The sandbox runs what a model
// wrote: whatever it sends is untrusted, so anything not exactly one of these shapes is dropped.
import {
  isFileName,
  isId,
  isOneOf,
  isPlainObject,
  PREVIEW_KINDS,
  MAX_ARTIFACT_CHARS,
  MAX_ERROR_CHARS,
  MAX_ID,
  MAX_OUT_FILE_BYTES,
  MAX_OUTPUT_CHARS,
  MAX_REPORTED_HEIGHT,
  MAX_VALUE_CHARS,
  RUN_OUTCOMES,
  SANDBOX_PROTOCOL,
  type PreviewKind,
  type PythonFile,
  type RunLanguage,
  type RunOutcome,
  type RuntimeName,
} from '../../lib/sandbox-wire';

export { PREVIEW_KINDS, MAX_ARTIFACT_CHARS, SANDBOX_PROTOCOL, type PreviewKind };

/**
 * What the app says (over the port): a runtime's code (React, the JSX transform, Mermaid: fetched
 * by the app from Parley's build, handed over so the sandbox's network rule never widens; the
 * program checks it, src/sandbox/app-messages.ts), then what to render; or a block to run in a
 * worker of the sandbox's (Python's with Pyodide's files handed over first, as bytes), and Stop.
 */
export type AppToSandbox =
  | { type: 'render'; id: number; kind: PreviewKind; source: string }
  | { type: 'runtime'; name: RuntimeName; code: string }
  | { type: 'runtime-file'; name: PythonFile; data: ArrayBuffer }
  | { type: 'run'; id: number; language: RunLanguage; code: string; limitMs: number; files: RunFile[]; packages: RunFile[] }
  | { type: 'stop'; id: number };

/** A file a run reads (at /mnt/data), a package it installs (a wheel), or a file it made: a plain name and its bytes. */
export type RunFile = { name: string; data: ArrayBuffer };

/** How run `id` ended: its last value (as text) when done, its error and line when it failed. */
export type RunEnded = { type: 'ended'; id: number; outcome: RunOutcome; value?: string; error?: string; line?: number };

/**
 * What the sandbox may say: reports, never requests. None of them calls an app action; the app
 * only shows them (the frame's height, an error under it, a run's output).
 */
export type SandboxToApp =
  /** The program took the port; `protocol` must be the app's SANDBOX_PROTOCOL. */
  | { type: 'ready'; protocol: number }
  /** The artifact of render `id` is drawn, `height` CSS pixels tall (the frame's size follows, bounded). */
  | { type: 'rendered'; id: number; height: number }
  /** An uncaught error in the artifact of render `id`, at `line` of its source when known. */
  | { type: 'error'; id: number; message: string; line: number | null }
  /** A piece of run `id`'s output (console.log and info on stdout, warn and error on stderr). */
  | { type: 'output'; id: number; stream: 'stdout' | 'stderr'; text: string }
  /** A file run `id` made (a figure, a file written to /mnt/data/out): bytes to show or save, never to run. */
  | ({ type: 'file'; id: number } & RunFile)
  /** Run `id` is over: its worker is gone. */
  | RunEnded;

/** The keys each message carries, exactly: a message with one more or one less is not that message. */
const KEYS: Record<SandboxToApp['type'], readonly string[]> = {
  ready: ['protocol', 'type'],
  rendered: ['height', 'id', 'type'],
  error: ['id', 'line', 'message', 'type'],
  output: ['id', 'stream', 'text', 'type'],
  file: ['data', 'id', 'name', 'type'],
  ended: ['id', 'outcome', 'type'],
};
/** The keys a message may carry besides KEYS'. */
const OPTIONAL_KEYS: Partial<Record<SandboxToApp['type'], readonly string[]>> = { ended: ['error', 'line', 'value'] };

const isBoundedText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length <= max;

/** `data` as a message from the sandbox when it is exactly one of SandboxToApp's shapes, else null (dropped). */
export function readSandboxMessage(data: unknown): SandboxToApp | null {
  if (!isPlainObject(data) || typeof data.type !== 'string' || !Object.hasOwn(KEYS, data.type)) return null;
  const type = data.type as SandboxToApp['type'];
  const keys = Object.keys(data);
  const expected = KEYS[type];
  const optional = OPTIONAL_KEYS[type] ?? [];
  if (!expected.every((key) => keys.includes(key)) || !keys.every((key) => expected.includes(key) || optional.includes(key))) return null;
  switch (data.type) {
    case 'ready':
      return Number.isInteger(data.protocol) ? { type: 'ready', protocol: data.protocol as number } : null;
    case 'rendered': {
      const { id, height } = data;
      return isId(id) && typeof height === 'number' && Number.isFinite(height) && height >= 0 && height <= MAX_REPORTED_HEIGHT ? { type: 'rendered', id, height } : null;
    }
    case 'error': {
      const { id, message, line } = data;
      const lineOk = line === null || (Number.isInteger(line) && (line as number) > 0 && (line as number) <= MAX_ID);
      return isId(id) && isBoundedText(message, MAX_ERROR_CHARS) && lineOk ? { type: 'error', id, message, line: line as number | null } : null;
    }
    case 'output': {
      const { id, stream, text } = data;
      return isId(id) && (stream === 'stdout' || stream === 'stderr') && isBoundedText(text, MAX_OUTPUT_CHARS) ? { type: 'output', id, stream, text } : null;
    }
    case 'file': {
      const { id, name, data: bytes } = data;
      return isId(id) && isFileName(name) && bytes instanceof ArrayBuffer && bytes.byteLength <= MAX_OUT_FILE_BYTES ? { type: 'file', id, name, data: bytes } : null;
    }
    case 'ended': {
      const { id, outcome, value, error, line } = data;
      const ok =
        isId(id) &&
        isOneOf(RUN_OUTCOMES, outcome) &&
        (value === undefined || isBoundedText(value, MAX_VALUE_CHARS)) &&
        (error === undefined || isBoundedText(error, MAX_ERROR_CHARS)) &&
        (line === undefined || (Number.isInteger(line) && (line as number) > 0 && (line as number) <= MAX_ID));
      if (!ok) return null;
      const ended: RunEnded = { type: 'ended', id, outcome: outcome as RunOutcome };
      if (value !== undefined) ended.value = value as string;
      if (error !== undefined) ended.error = error as string;
      if (line !== undefined) ended.line = line as number;
      return ended;
    }
    default:
      return null;
  }
}
