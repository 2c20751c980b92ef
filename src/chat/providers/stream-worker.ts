/// <reference lib="webworker" />
// The stream worker: runs a connection's client in its wire format (fetch, SSE parsing, JSON
// decoding; the format found through the registry, api-model.ts) off the page's main thread, so
// a fast server's megabytes of events never compete with rendering. Stream parts go back in
// batches, at most one per STREAM_BATCH_MS.
import { ChatModelError, type ChatDelta, type ChatModel } from '../model';
import { coalesce } from '../wire';
import { createApiModel } from './api-model';
import type { PageMessage, SerializedModelError, WorkerReply } from './stream-protocol';

/** How often deltas are posted to the page: about twice a frame, so the page never waits long. */
export const STREAM_BATCH_MS = 8;

const scope = self as unknown as DedicatedWorkerGlobalScope;
/** One client per connection, so what it learned (a refused stream_options) is remembered. */
const models = new Map<string, ChatModel>();
const running = new Map<number, AbortController>();

function serialize(error: unknown): SerializedModelError {
  if (error instanceof ChatModelError) {
    return { code: error.code, message: error.message, status: error.status, retryAfterMs: error.retryAfterMs, reason: error.reason };
  }
  return { code: 'unknown', message: error instanceof Error ? error.message : String(error) };
}

const post = (reply: WorkerReply) => scope.postMessage(reply);

scope.onmessage = async (event: MessageEvent<PageMessage>) => {
  const message = event.data;
  if (message.type === 'abort') {
    running.get(message.id)?.abort();
    return;
  }
  const { id, connection, request, pageUrl } = message;
  const key = JSON.stringify(connection);
  let model = models.get(key);
  if (!model) models.set(key, (model = createApiModel(connection, { pageUrl })));
  const controller = new AbortController();
  running.set(id, controller);
  let batch: ChatDelta[] = [];
  let postedAt = performance.now();
  const flush = () => {
    if (batch.length > 0) post({ type: 'deltas', id, deltas: coalesce(batch) });
    batch = [];
    postedAt = performance.now();
  };
  try {
    for await (const delta of model.stream({ ...request, signal: controller.signal })) {
      batch.push(delta);
      if (performance.now() - postedAt >= STREAM_BATCH_MS) flush();
    }
    flush();
    post({ type: 'end', id });
  } catch (error) {
    flush();
    post({ type: 'error', id, error: serialize(error) });
  } finally {
    running.delete(id);
  }
};
