/**
 * The door of providers/: a connection's model, whatever its wire format (issue 35). The registry
 * (api-model.ts, a named door: it loads with the first request) picks the format's folder; the
 * stream worker (stream-worker.ts, its own bundle) and its page side (worker-model.ts, a named
 * door: boot loads it after the first screen) run it off the page's thread. What the app names of
 * a connection is re-exported from wire/.
 */
export { createApiModel } from './api-model';
export { createWorkerOpenAiModel, startStreamWorker } from './worker-model';
export type { AbortMessage, PageMessage, SerializedModelError, StartMessage, WorkerReply } from './stream-protocol';
export type { OpenAiConnection, StreamPart, WireApi } from '../wire';
