import type { OpenAiConnection } from '../wire';
import type { Connection } from './connection';
import type { ModelErrorInfo } from './model-error-info';
import { modelRef, parseModelRef } from './model-ref';

/** The model list of one connection as last asked for, and the snapshot the connections store shares. */

export type ModelListStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface ModelList {
  readonly status: ModelListStatus;
  /** The last list received; kept while a refresh is loading so a picker doesn't flicker. */
  readonly ids: readonly string[];
  readonly error?: ModelErrorInfo;
  /** When the list arrived (ms since the epoch); a picker refreshes lists older than MODEL_LIST_STALE_MS. */
  readonly loadedAt?: number;
  /** Context length by model id, for the models whose entry says it (llama.cpp, OpenRouter, LM Studio, vLLM). */
  readonly contexts?: Readonly<Record<string, number>>;
  /** Whether each model takes pictures, for the models whose entry says so either way. */
  readonly vision?: Readonly<Record<string, boolean>>;
  /** The models that only make embeddings (listed apart, never a default), by id; listed after the others in `ids`. */
  readonly embedding?: Readonly<Record<string, true>>;
}

export const IDLE_MODEL_LIST: ModelList = Object.freeze({ status: 'idle', ids: Object.freeze([]) as readonly string[] });

export interface ConnectionsSnapshot {
  /** 'loading' until the stored connections have been read. */
  readonly status: 'loading' | 'ready';
  readonly connections: readonly Connection[];
  /** A model reference (`{connectionId}/{modelId}`): the model for new chats and for chats without one. */
  readonly defaultModel?: string;
  readonly models: Readonly<Record<string, ModelList>>;
}

/** Whether a model can be used: what the home page checks instead of failing on send (SPEC B3). */
export type ModelReadiness = 'loading' | 'no-connection' | 'no-model' | 'ready';

export function modelListOf(snapshot: ConnectionsSnapshot, connectionId: string): ModelList {
  return snapshot.models[connectionId] ?? IDLE_MODEL_LIST;
}

export function connectionById(snapshot: ConnectionsSnapshot, id: string | undefined): Connection | undefined {
  return id === undefined ? undefined : snapshot.connections.find((connection) => connection.id === id);
}

/** The connection a model reference points at (for explaining its errors with the right fix). */
export function connectionOfModel(snapshot: ConnectionsSnapshot, ref: string | undefined): Connection | undefined {
  return connectionById(snapshot, parseModelRef(ref)?.connectionId);
}

/** The model's context length in tokens as its server's list said; undefined when it did not say (OpenAI, Ollama). */
export function contextLengthOfModel(snapshot: ConnectionsSnapshot, ref: string | undefined): number | undefined {
  const parts = parseModelRef(ref);
  if (!parts) return undefined;
  const contexts = modelListOf(snapshot, parts.connectionId).contexts;
  return contexts && Object.hasOwn(contexts, parts.modelId) ? contexts[parts.modelId] : undefined;
}

/** Whether the model takes pictures as its server's list said; undefined when it did not say (only trying tells). */
export function modelAcceptsImages(snapshot: ConnectionsSnapshot, ref: string | undefined): boolean | undefined {
  const parts = parseModelRef(ref);
  if (!parts) return undefined;
  const vision = modelListOf(snapshot, parts.connectionId).vision;
  return vision && Object.hasOwn(vision, parts.modelId) ? vision[parts.modelId] : undefined;
}

/** The default model, if its connection still exists. */
export function usableDefaultModel(snapshot: ConnectionsSnapshot): string | undefined {
  return connectionOfModel(snapshot, snapshot.defaultModel) ? snapshot.defaultModel : undefined;
}

export function modelReadiness(snapshot: ConnectionsSnapshot): ModelReadiness {
  if (snapshot.status === 'loading') return 'loading';
  if (snapshot.connections.length === 0) return 'no-connection';
  return usableDefaultModel(snapshot) ? 'ready' : 'no-model';
}

/** The first model listed by any connection, in connection order: a fallback default. */
export function firstAvailableModel(snapshot: ConnectionsSnapshot, exceptConnectionId?: string): string | undefined {
  for (const connection of snapshot.connections) {
    if (connection.id === exceptConnectionId) continue;
    const first = modelListOf(snapshot, connection.id).ids[0];
    if (first !== undefined) return modelRef(connection.id, first);
  }
  return undefined;
}

/** What a request to the connection depends on: when it changes, lists and cached clients are stale. */
export function requestKey(connection: Connection): string {
  const sent = toOpenAiConnection(connection);
  return JSON.stringify([sent.baseUrl, sent.apiKey ?? '', sent.headers ?? {}, connection.pending ?? false, sent.api, sent.storeResponses]);
}

/** The key to send with a request, only to the address it was confirmed for (never to a pending one). */
export function sendableKey(connection: Pick<Connection, 'baseUrl' | 'apiKey' | 'apiKeyUrl' | 'pending'>): string | undefined {
  return !connection.pending && connection.apiKeyUrl === connection.baseUrl ? connection.apiKey : undefined;
}

export function toOpenAiConnection(connection: Pick<Connection, 'baseUrl' | 'apiKey' | 'apiKeyUrl' | 'pending' | 'headers' | 'api' | 'storeResponses'>): OpenAiConnection {
  const apiKey = sendableKey(connection);
  return {
    baseUrl: connection.baseUrl,
    api: connection.api,
    storeResponses: connection.storeResponses,
    ...(apiKey && { apiKey }),
    ...(connection.headers && { headers: { ...connection.headers } }),
  };
}
