/**
 * The page's side of the pull worker (pull-worker.ts): a replication the controller watches like
 * PouchDB's own, its events arriving as messages. A worker that cannot start (its script not
 * reachable, say) or fails gives way to the same pull on the page, which goes on from the pull's
 * checkpoint.
 */
import type { PouchDoc, PouchReplication } from 'pouchdb-core';
import type { PageToPull, PullEvent, PullStart } from './pull-protocol';

/** The part of a Worker this uses (a test passes a MessagePort's twin). */
export interface PullWorkerLike {
  postMessage(message: PageToPull): void;
  onmessage: ((event: { data: PullEvent }) => void) | null;
  onerror?: ((event: unknown) => void) | null;
  terminate(): void;
}

export interface WorkerPull extends PouchReplication {
  /** Ends the worker (after the pull completed, or when stopping gives up waiting). */
  close(): void;
}

type Listener = (...args: unknown[]) => void;

export function startWorkerPull(startWorker: () => PullWorkerLike, start: Omit<PullStart, 'type'>, onPage: () => PouchReplication): WorkerPull {
  const listeners: [string, Listener][] = [];
  const emit = (event: string, ...args: unknown[]) => {
    for (const [name, listener] of listeners) if (name === event) listener(...args);
  };
  let cancelled = false;
  let fallback: PouchReplication | undefined;
  let worker: PullWorkerLike | undefined;

  const close = () => {
    worker?.terminate();
    worker = undefined;
  };
  /** The worker failed before its code ran: the pull runs on the page, with every listener given so far. */
  const giveWay = () => {
    close();
    fallback = onPage();
    for (const [name, listener] of listeners) fallback.on(name as 'active', listener as () => void);
    if (cancelled) fallback.cancel();
  };

  try {
    worker = startWorker();
  } catch {
    worker = undefined;
  }
  if (!worker) queueMicrotask(giveWay);
  else {
    /** A batch's documents so far, arriving in parts: the bridge takes a batch whole (first-pull.ts). */
    let parts: PouchDoc[][] = [];
    worker.onmessage = ({ data }) => {
      switch (data.type) {
        case 'ready':
          return;
        case 'docs':
          return void parts.push(data.docs);
        case 'change': {
          const docs = parts.length === 0 ? data.docs : [...parts.flat(), ...data.docs];
          parts = [];
          return emit('change', { docs, ...(data.pending !== undefined && { pending: data.pending }) });
        }
        case 'paused':
          return emit('paused', data.error);
        case 'error':
          return emit('error', data.error);
        case 'complete':
          emit('complete');
          return close();
        default:
          return emit(data.type);
      }
    };
    // Not loaded, or broken later (an exception outside PouchDB's own handling): the page pulls instead, from the checkpoint.
    worker.onerror = () => {
      if (!fallback) giveWay();
    };
    worker.postMessage({ type: 'start', ...start });
  }

  const pull: WorkerPull = {
    on(event: string, listener: Listener) {
      listeners.push([event, listener]);
      fallback?.on(event as 'active', listener as () => void);
      return pull;
    },
    cancel() {
      cancelled = true;
      if (fallback) fallback.cancel();
      else worker?.postMessage({ type: 'cancel' });
    },
    close,
  } as WorkerPull;
  return pull;
}
