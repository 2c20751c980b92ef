import { ChatModelError, type ChatDelta, type ChatErrorCode, type ChatModel } from '../chat-model';
import { createOpenAiModel } from './openai-model';
import type { PageMessage, WorkerReply } from './stream-protocol';
import type { OpenAiConnection } from './transport';

/**
 * A ChatModel whose streams run in the stream worker (stream-worker.ts): the page only applies
 * the deltas it is sent. Titles (one small request) stay on the page.
 */

type Listener = (reply: WorkerReply) => void;

let worker: Worker | undefined;
const listeners = new Map<number, Listener>();
let nextId = 1;

function connect(url: string): Worker {
  if (!worker) {
    worker = new Worker(url, { type: 'module' });
    worker.onmessage = (event: MessageEvent<WorkerReply>) => listeners.get(event.data.id)?.(event.data);
  }
  return worker;
}

/** Starts the stream worker ahead of the first reply (its script loads and compiles while the page is idle). */
export function startStreamWorker(url: string): void {
  connect(url);
}

export function createWorkerOpenAiModel(connection: OpenAiConnection, workerUrl: string): ChatModel {
  const onPage = createOpenAiModel(connection);
  return {
    async *stream(request) {
      const target = connect(workerUrl);
      const id = nextId++;
      const queue: WorkerReply[] = [];
      let wake: (() => void) | undefined;
      listeners.set(id, (reply) => {
        queue.push(reply);
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
          if (reply.type === 'deltas') yield* reply.deltas as ChatDelta[];
          else if (reply.type === 'end') return;
          else {
            const { code, message, status, retryAfterMs, reason } = reply.error;
            throw new ChatModelError(code as ChatErrorCode, message, { status, retryAfterMs, reason });
          }
        }
      } finally {
        listeners.delete(id);
        request.signal.removeEventListener('abort', abort);
      }
    },
    title: (request) => onPage.title(request),
  };
}
