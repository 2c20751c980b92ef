import { StorageError, type StorageErrorKind } from '../persistence';
import { ImportError, type ImportErrorCode, type ImportParams, type ImportProblem } from './errors';
import type { ImportPreview, ImportProgress, ImportResult } from './import-api';

/**
 * What the page and the import worker say to each other. The page sends commands; the worker
 * answers each by its id with progress, then one preview, result or error. The parsed chats
 * never cross: the worker keeps them under the preview command's id until they are run or dropped.
 */

/** A chosen file as it crosses: a Blob is cloned by reference (no bytes copied); a plain Blob would lose its name. */
export interface SentFile {
  name: string;
  blob: Blob;
}

export type ImportCommand =
  | { type: 'preview'; id: number; files: SentFile[] }
  /** Writes what the preview `previewId` found; the worker then forgets it. */
  | { type: 'run'; id: number; previewId: number }
  /** Stops command `id`: a run rolls its transaction back, then answers with an `aborted` error. */
  | { type: 'cancel'; id: number }
  /** The page let go of a preview without running it. */
  | { type: 'drop'; previewId: number };

export type SentError =
  | { kind: 'import'; code: ImportErrorCode; params: ImportParams; problem?: ImportProblem }
  | { kind: 'storage'; storageKind: StorageErrorKind; message: string }
  | { kind: 'aborted' }
  /** A preview id the worker does not hold (dropped, or the worker restarted). */
  | { kind: 'unknown-preview' }
  | { kind: 'other'; name: string; message: string };

export type ImportReply =
  | { type: 'progress'; id: number; progress: ImportProgress }
  | { type: 'preview'; id: number; preview: ImportPreview }
  | { type: 'result'; id: number; result: ImportResult }
  | { type: 'error'; id: number; error: SentError };

/** An error as plain data: an Error's own fields (code, params, kind) do not survive structured cloning. */
export function sendError(error: unknown, aborted: boolean): SentError {
  if (aborted) return { kind: 'aborted' };
  if (error instanceof ImportError) return { kind: 'import', code: error.code, params: error.params, ...(error.problem && { problem: error.problem }) };
  if (error instanceof StorageError) return { kind: 'storage', storageKind: error.kind, message: error.message };
  const name = error instanceof Error ? error.name : 'Error';
  return { kind: 'other', name, message: error instanceof Error ? error.message : String(error) };
}

/** The page's error for a worker's answer; `aborted` becomes the page signal's own reason, as on the page path. */
export function receiveError(sent: SentError, signal: AbortSignal | undefined): unknown {
  switch (sent.kind) {
    case 'import':
      return new ImportError(sent.code, sent.params, sent.problem);
    case 'storage':
      return new StorageError(sent.storageKind, sent.message);
    case 'aborted':
      return signal?.reason ?? new DOMException('The import was cancelled', 'AbortError');
    case 'unknown-preview':
      return new TypeError('runImport takes a preview that previewImport returned');
    case 'other':
      return Object.assign(new Error(sent.message), { name: sent.name });
  }
}
