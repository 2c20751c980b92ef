import { contextLengthOf } from '../attachments';
import { acceptsImages } from '../attachments';
import { isEmbeddingEntry } from './embedding-models';
import { errorFromResponse, readLimitedText } from './http-errors';
import { OpenAiModelError } from './openai-error';
import { createTransport, type OpenAiConnection, type TransportOptions } from './transport';
import { diagnoseWrongFormat } from './wrong-format';

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
  /**
   * The first model that chats in the server's own order (undefined when every model only makes
   * embeddings): a new connection's default. The server's order, not the sorted one: servers list
   * the model they serve, or the latest one pulled, first.
   */
  readonly firstChat?: string | undefined;
}

const MODELS_PATH = 'models';
/** Anthropic's largest page of models (its `limit` runs from 1 to 1000). */
export const ANTHROPIC_MODELS_PAGE = 1000;
/** Pages asked for at most: a server whose `has_more` never ends must not keep the list loading. */
export const MAX_MODEL_PAGES = 20;
const RESPONSES_PATH = 'responses';

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
  // Chat models first, then by name: the picker's order.
  const sorted = [...ids].sort((a, b) => Number(Object.hasOwn(embedding, a)) - Number(Object.hasOwn(embedding, b)) || a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' }));
  const said = (record: object) => Object.keys(record).length > 0;
  const firstChat = [...ids].find((id) => !Object.hasOwn(embedding, id));
  return { ids: sorted, ...(said(contexts) && { contexts }), ...(said(vision) && { vision }), ...(said(embedding) && { embedding }), firstChat };
}

/** The model ids in a `/models` body, sorted and without repeats; undefined for a body of no known shape. */
export function modelIdsOf(body: unknown): string[] | undefined {
  const catalog = modelCatalogOf(body);
  return catalog && [...catalog.ids];
}

/** Anthropic's own error shape, `{"type":"error","error":{"type":"…_error","message"}}`: no OpenAI-compatible server writes it. */
export function isAnthropicBody(body: unknown): boolean {
  return isObject(body) && body.type === 'error' && isObject(body.error);
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The server speaks another format than the connection is set to (issue 27): the error says which to choose. */
function wrongApi(connection: OpenAiConnection, url: string, body: unknown, status: number): OpenAiModelError | undefined {
  if (connection.api !== 'anthropic' && isAnthropicBody(body)) {
    return new OpenAiModelError('malformed-stream', `${url} is Anthropic's Messages API: set the connection's API format to Anthropic Messages`, {
      reason: 'anthropic-stream',
      url,
      status,
    });
  }
  // An OpenAI-style list or error (`object: "list"`, `{"error":{…}}` with no `type: "error"`) to a connection set to Anthropic.
  const openAiShaped = isObject(body) && (body.object === 'list' || (isObject(body.error) && body.type === undefined));
  if (connection.api === 'anthropic' && openAiShaped) {
    return new OpenAiModelError('malformed-stream', `${url} answered like an OpenAI-compatible server, not Anthropic's Messages API`, { reason: 'openai-api', url, status });
  }
  return undefined;
}

/** One GET of a model list: the parsed body, or the error its status and shape say. */
async function getModels(connection: OpenAiConnection, path: string, options: ListModelsOptions): Promise<{ body: unknown; url: string; status: number }> {
  const transport = createTransport(connection, options);
  const url = transport.url(path);
  const response = await transport.request(path, { method: 'GET', accept: 'application/json', signal: options.signal });
  if (!response.ok) {
    const text = await readLimitedText(response);
    throw wrongApi(connection, url, parsed(text), response.status) ?? errorFromResponse(response, text, url);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    body = undefined;
  }
  const wrong = wrongApi(connection, url, body, response.status);
  if (wrong) throw wrong;
  return { body, url, status: response.status };
}

/** Anthropic lists its models a page at a time: `has_more`, and `last_id` to ask for the next page with `after_id`. */
async function anthropicModels(connection: OpenAiConnection, options: ListModelsOptions): Promise<{ body: unknown; url: string; status: number }> {
  const entries: unknown[] = [];
  let after: string | undefined;
  for (let page = 0; page < MAX_MODEL_PAGES; page++) {
    const query = `?limit=${ANTHROPIC_MODELS_PAGE}${after === undefined ? '' : `&after_id=${encodeURIComponent(after)}`}`;
    const answer = await getModels(connection, MODELS_PATH + query, options);
    const { body } = answer;
    if (!isObject(body) || !Array.isArray(body.data)) return answer;
    entries.push(...body.data);
    if (body.has_more !== true || typeof body.last_id !== 'string' || body.last_id === after) return { ...answer, body: { data: entries } };
    after = body.last_id;
  }
  return { body: { data: entries }, url: createTransport(connection, options).url(MODELS_PATH), status: 200 };
}

/**
 * Whether the server has a Responses API (Test connection of a connection set to it): an empty
 * POST is refused with a 400 where it does, and is a 404 where it does not.
 */
export async function checkResponsesApi(connection: OpenAiConnection, options: ListModelsOptions = {}): Promise<void> {
  const transport = createTransport(connection, options);
  const url = transport.url(RESPONSES_PATH);
  const response = await transport.request(RESPONSES_PATH, { method: 'POST', json: {}, accept: 'application/json', signal: options.signal });
  void response.body?.cancel().catch(() => {});
  if (response.status === 404 || response.status === 405) {
    throw new OpenAiModelError('model-not-found', `${url} answered ${response.status}: the server has no Responses API`, { reason: 'endpoint-not-found', url, status: response.status });
  }
}

/** GET {base}/models (every page of Anthropic's): the ids and what the entries tell of each model. */
export async function listModelCatalog(connection: OpenAiConnection, options: ListModelsOptions = {}): Promise<ModelCatalog> {
  const { body, url, status } =
    connection.api === 'anthropic'
      ? await anthropicModels(connection, options).catch(async (error: unknown) => {
          // Blocked by the server's CORS rules, or no such list: perhaps it speaks Chat Completions.
          throw await diagnoseWrongFormat(connection, error, options);
        })
      : await getModels(connection, MODELS_PATH, options);
  const catalog = modelCatalogOf(body);
  if (!catalog) {
    // A 200 that is not a model list: usually a web page, so the base URL misses its /v1.
    throw new OpenAiModelError('model-not-found', `${url} did not answer with a list of models`, { reason: 'endpoint-not-found', url, status });
  }
  return catalog;
}

/** GET {base}/models: the ids only (Test connection, the local-server probe). */
export async function listModels(connection: OpenAiConnection, options: ListModelsOptions = {}): Promise<string[]> {
  return [...(await listModelCatalog(connection, options)).ids];
}
