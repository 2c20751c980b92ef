import { contextLengthOf } from '../attachments';
import { acceptsImages } from '../attachments';
import { isEmbeddingEntry } from './embedding-models';
import { responseError } from './http-errors';
import { OpenAiModelError } from './openai-error';
import { createTransport, type OpenAiConnection, type TransportOptions } from './transport';

/**
 * The models a server offers (GET `{base}/models`), for the model picker and "Test connection".
 * Reads the OpenAI shape `{data:[{id}]}` and the shapes of servers that differ: Ollama's
 * `{models:[{name|model}]}`, a bare array of ids or objects. Where an entry says so, it also keeps
 * the model's context length (the warning that a message will not fit) and whether it takes
 * pictures: both straight from the file imports, so the first screen does not carry the attachments.
 */

export interface ListModelsOptions extends TransportOptions {
  signal?: AbortSignal;
}

/** A server's models and what their entries tell of them; a model the server says nothing of has no key. */
export interface ModelCatalog {
  /** Without repeats: the models that chat first, then the embedding ones, each sorted. */
  readonly ids: readonly string[];
  /** Context length in tokens, by model id; absent when no entry says. */
  readonly contexts?: Readonly<Record<string, number>>;
  /** Whether the model accepts pictures, by model id; absent when no entry says. */
  readonly vision?: Readonly<Record<string, boolean>>;
  /** The models that only make embeddings (they cannot chat), by model id; absent when there are none. */
  readonly embedding?: Readonly<Record<string, true>>;
  /** The first model that chats (undefined when every model only makes embeddings): a new connection's default. */
  readonly firstChat?: string | undefined;
}

const MODELS_PATH = 'models';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function idOf(entry: unknown): string | undefined {
  if (typeof entry === 'string') return entry;
  if (!isObject(entry)) return undefined;
  const id = [entry.id, entry.model, entry.name].find((v) => typeof v === 'string' && v.trim() !== '');
  return id as string | undefined;
}

/** The models in a `/models` body with what their entries say; undefined for a body of no known shape. */
export function modelCatalogOf(body: unknown): ModelCatalog | undefined {
  const list = Array.isArray(body) ? body : isObject(body) ? (body.data ?? body.models) : undefined;
  if (!Array.isArray(list)) return undefined;
  const ids = new Set<string>();
  const contexts: Record<string, number> = {};
  const vision: Record<string, boolean> = {};
  const embedding: Record<string, true> = {};
  for (const entry of list) {
    const id = idOf(entry);
    if (id === undefined) continue;
    ids.add(id);
    if (isEmbeddingEntry(entry, id)) embedding[id] = true;
    const context = contextLengthOf(entry);
    if (context !== undefined && !Object.hasOwn(contexts, id)) contexts[id] = context;
    const images = acceptsImages(entry);
    if (images !== undefined && !Object.hasOwn(vision, id)) vision[id] = images;
  }
  // Chat models first: a list's first model is the one a new connection starts with.
  const sorted = [...ids].sort((a, b) => Number(Object.hasOwn(embedding, a)) - Number(Object.hasOwn(embedding, b)) || a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' }));
  const said = (record: object) => Object.keys(record).length > 0;
  return { ids: sorted, ...(said(contexts) && { contexts }), ...(said(vision) && { vision }), ...(said(embedding) && { embedding }), firstChat: sorted.find((id) => !Object.hasOwn(embedding, id)) };
}

/** The model ids in a `/models` body, sorted and without repeats; undefined for a body of no known shape. */
export function modelIdsOf(body: unknown): string[] | undefined {
  const catalog = modelCatalogOf(body);
  return catalog && [...catalog.ids];
}

/** GET {base}/models: the ids and what the entries tell of each model. */
export async function listModelCatalog(connection: OpenAiConnection, options: ListModelsOptions = {}): Promise<ModelCatalog> {
  const transport = createTransport(connection, options);
  const url = transport.url(MODELS_PATH);
  const response = await transport.request(MODELS_PATH, { method: 'GET', accept: 'application/json', signal: options.signal });
  if (!response.ok) throw await responseError(response, url);
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    body = undefined;
  }
  const catalog = modelCatalogOf(body);
  if (!catalog) {
    // A 200 that is not a model list: usually a web page, so the base URL misses its /v1.
    throw new OpenAiModelError('model-not-found', `${url} did not answer with a list of models`, { reason: 'endpoint-not-found', url, status: response.status });
  }
  return catalog;
}

/** GET {base}/models: the ids only (Test connection, the local-server probe). */
export async function listModels(connection: OpenAiConnection, options: ListModelsOptions = {}): Promise<string[]> {
  return [...(await listModelCatalog(connection, options)).ids];
}
