import { responseError } from './http-errors';
import { OpenAiModelError } from './openai-error';
import { createTransport, type OpenAiConnection, type TransportOptions } from './transport';

/**
 * The models a server offers (GET `{base}/models`), for the model picker and "Test connection".
 * Reads the OpenAI shape `{data:[{id}]}` and the shapes of servers that differ: Ollama's
 * `{models:[{name|model}]}`, a bare array of ids or objects.
 */

export interface ListModelsOptions extends TransportOptions {
  signal?: AbortSignal;
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

/** The model ids in a `/models` body, sorted and without repeats; undefined for a body of no known shape. */
export function modelIdsOf(body: unknown): string[] | undefined {
  const list = Array.isArray(body) ? body : isObject(body) ? (body.data ?? body.models) : undefined;
  if (!Array.isArray(list)) return undefined;
  const ids = new Set(list.map(idOf).filter((id): id is string => id !== undefined));
  return [...ids].sort((a, b) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' }));
}

export async function listModels(connection: OpenAiConnection, options: ListModelsOptions = {}): Promise<string[]> {
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
  const ids = modelIdsOf(body);
  if (!ids) {
    // A 200 that is not a model list: usually a web page, so the base URL misses its /v1.
    throw new OpenAiModelError('model-not-found', `${url} did not answer with a list of models`, { reason: 'endpoint-not-found', url, status: response.status });
  }
  return ids;
}
