import { ChatModelError, type ChatDelta, type ChatErrorCode, type ChatModel } from '../model';
import type { OpenAiConnection } from '../wire';
import { createApiModel } from './api-model';
import type { PageMessage, WorkerReply } from './stream-protocol';

/**
 * A ChatModel whose streams run in the stream worker (stream-worker.ts): the page only applies
 * the deltas it is sent. Titles (one small request) stay on the page.
 */

/** What a stream hears: the worker's replies, or that the worker itself failed. */
type Heard = WorkerReply | { type: 'worker-failed' };
type Listener = (heard: Heard) => void;

let worker: Worker | undefined;
/**
 * The worker could not run (its script failed to load, say after a redeploy replaced it, or the
 * browser refused it): streams are then read on the page, as they would be without a worker.
 */
let workerFailed = false;
const listeners = new Map<number, Listener>();
let nextId = 1;

function connect(url: string): Worker {
  if (!worker) {
    worker = new Worker(url, { type: 'module' });
    worker.onmessage = (event: MessageEvent<WorkerReply>) => listeners.get(event.data.id)?.(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      workerFailed = true;
      worker?.terminate();
      worker = undefined;
      for (const listener of [...listeners.values()]) listener({ type: 'worker-failed' });
    };
  }
  return worker;
}

/** Starts the stream worker ahead of the first reply (its script loads and compiles while the page is idle). */
export function startStreamWorker(url: string): void {
  connect(url);
}

export function createWorkerOpenAiModel(connection: OpenAiConnection, workerUrl: string): ChatModel {
  const onPage = createApiModel(connection);
  return {
    async *stream(request) {
      if (workerFailed) return yield* onPage.stream(request);
      const target = connect(workerUrl);
      const id = nextId++;
      const queue: Heard[] = [];
      let wake: (() => void) | undefined;
      let delivered = false;
      listeners.set(id, (heard) => {
        queue.push(heard);
        wake?.();
      });
      const abort = () => target.postMessage({ type: 'abort', id } satisfies PageMessage);
      request.signal.addEventListener('abort', abort);
      const { signal: _signal, ...rest } = request;
      target.postMessage({ type: 'start', id, connection, request: rest, pageUrl: location.href } satisfies PageMessage);
      try {
        for (;;) {
          while (queue.length === 0) {
            if (request.signal.aborted) return;
            await new Promise<void>((resolve) => {
              wake = resolve;
              request.signal.addEventListener('abort', () => resolve(), { once: true });
            });
            wake = undefined;
          }
          const reply = queue.shift()!;
          if (reply.type === 'deltas') {
            delivered = true;
            yield* reply.deltas as ChatDelta[];
          } else if (reply.type === 'end') return;
          else if (reply.type === 'worker-failed') {
            // Nothing came yet: the same request goes out from the page instead, unnoticed. (A
            // worker fails this way when its script cannot load or run, so it never sent one.)
            if (!delivered) return yield* onPage.stream(request);
            throw new ChatModelError('unknown', 'The stream stopped: the page’s stream worker failed');
          } else {
            const { code, message, status, retryAfterMs, reason } = reply.error;
            throw new ChatModelError(code as ChatErrorCode, message, { status, retryAfterMs, reason });
          }
        }
      } finally {
        listeners.delete(id);
        request.signal.removeEventListener('abort', abort);
      }
    },
    title: (request) => onPage.title!(request),
  };
}
