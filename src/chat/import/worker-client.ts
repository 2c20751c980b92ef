import { throwIfAborted } from './errors';
import type { ImportOptions, ImportPreview, ImportResult } from './import-api';
import type { InputFile } from './input-files';
import { receiveError, type ImportCommand, type ImportReply } from './worker-protocol';

/**
 * The page's side of the import worker (worker-host.ts): the same previewImport / runImport as
 * the page path, but the page only sends commands and gets back progress, the preview's figures,
 * the result and errors. One worker holds every preview not yet let go of; it stops once none is
 * held and nothing runs, which frees the memory of the parsed files.
 */

/** The part of a Worker the client uses (tests pass one end of a MessageChannel). */
export interface ImportWorkerLike {
  postMessage(command: ImportCommand): void;
  onmessage: ((event: MessageEvent<ImportReply>) => void) | null;
  onerror: ((event: Event) => void) | null;
  terminate(): void;
}

export interface ImportClient {
  /** Whether this preview came from this client (its chats are in the worker). */
  owns(preview: ImportPreview): boolean;
  previewImport(files: readonly InputFile[], options: ImportOptions): Promise<ImportPreview>;
  runImport(preview: ImportPreview, options: ImportOptions): Promise<ImportResult>;
}

/** Said when the worker died (its script failed to load, or it ran out of memory): what it held is gone. */
export class ImportWorkerFailed extends Error {
  override readonly name = 'ImportWorkerFailed';
}

interface Waiting {
  reply(reply: ImportReply): void;
  fail(error: unknown): void;
}

/**
 * `cancel` says when a cancelled command settles: a preview at once (it has written nothing), a
 * run once the worker says its transaction is rolled back (or committed, if that won the race).
 */
type CancelMode = 'at-once' | 'after-rollback';

export function createImportClient(startWorker: () => ImportWorkerLike): ImportClient {
  let worker: ImportWorkerLike | undefined;
  let nextId = 1;
  const waiting = new Map<number, Waiting>();
  const previewIds = new WeakMap<ImportPreview, number>();
  const held = new Set<number>();
  // A preview the page no longer references can never be run: the worker forgets its chats.
  const released = new FinalizationRegistry<number>((previewId) => {
    if (!held.delete(previewId)) return;
    worker?.postMessage({ type: 'drop', previewId });
    stopWhenIdle();
  });

  function stopWhenIdle(): void {
    if (!worker || waiting.size > 0 || held.size > 0) return;
    worker.terminate();
    worker = undefined;
  }

  function connect(): ImportWorkerLike {
    if (worker) return worker;
    const started = startWorker();
    started.onmessage = ({ data }) => waiting.get(data.id)?.reply(data);
    started.onerror = (event) => {
      event.preventDefault();
      started.terminate();
      if (worker === started) worker = undefined;
      held.clear();
      const failure = new ImportWorkerFailed('The import worker stopped');
      for (const job of [...waiting.values()]) job.fail(failure);
    };
    return (worker = started);
  }

  /** Sends one command and settles with its final answer, passing its progress on. */
  function ask(command: ImportCommand & { id: number }, options: ImportOptions, cancel: CancelMode): Promise<ImportReply> {
    const { signal, onProgress } = options;
    throwIfAborted(signal);
    const target = connect();
    return new Promise<ImportReply>((resolve, reject) => {
      const onAbort = () => {
        target.postMessage({ type: 'cancel', id: command.id });
        if (cancel === 'at-once') settle(() => reject(signal!.reason));
      };
      const settle = (then: () => void) => {
        waiting.delete(command.id);
        signal?.removeEventListener('abort', onAbort);
        then();
        stopWhenIdle();
      };
      waiting.set(command.id, {
        reply(reply) {
          if (reply.type === 'progress') return onProgress?.(reply.progress);
          if (reply.type === 'error') return settle(() => reject(receiveError(reply.error, signal)));
          // Held before the worker could be stopped as idle: it now keeps this preview's chats.
          if (reply.type === 'preview') held.add(command.id);
          settle(() => resolve(reply));
        },
        fail: (error) => settle(() => reject(error)),
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      target.postMessage(command);
    });
  }

  return {
    owns: (preview) => previewIds.has(preview),

    async previewImport(files, options) {
      const id = nextId++;
      // File and Blob are cloned by reference: the worker reads the bytes, the page never does.
      const sent = files.map((file) => ({ name: file.name, blob: file as unknown as Blob }));
      const reply = await ask({ type: 'preview', id, files: sent }, options, 'at-once');
      if (reply.type !== 'preview') throw new TypeError(`The import worker answered a preview with ${reply.type}`);
      previewIds.set(reply.preview, id);
      released.register(reply.preview, id);
      return reply.preview;
    },

    async runImport(preview, options) {
      const previewId = previewIds.get(preview);
      if (previewId === undefined) throw new TypeError('runImport takes a preview that previewImport returned');
      if (!held.has(previewId)) throw new ImportWorkerFailed('The import worker stopped since the preview');
      const reply = await ask({ type: 'run', id: nextId++, previewId }, options, 'after-rollback');
      if (reply.type !== 'result') throw new TypeError(`The import worker answered a run with ${reply.type}`);
      return reply.result;
    },
  };
}
