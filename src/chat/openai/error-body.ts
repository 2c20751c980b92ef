import type { ChatErrorCode } from '../chat-model';
import type { OpenAiErrorReason } from './openai-error';

/**
 * Error bodies as OpenAI-compatible servers write them, in a response or inside a stream:
 * `{"error":{"message","type","code"}}` (OpenAI, llama.cpp, Ollama, OpenRouter), `{"error":"text"}`,
 * `{"object":"error","message","code"}` (vLLM), `{"detail":…}` (FastAPI servers).
 */

export interface ServerError {
  message?: string;
  /** The server's own code: a string like 'invalid_api_key' or an HTTP-like number. */
  code?: string | number;
  type?: string;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
const codeOf = (value: unknown): string | number | undefined => (typeof value === 'string' || typeof value === 'number' ? value : undefined);

/** FastAPI's `detail` is a string, or a list of `{msg, loc}` for validation errors. */
function detailMessage(detail: unknown): string | undefined {
  if (Array.isArray(detail)) {
    const parts = detail.map((item) => (isObject(item) ? text(item.msg) : text(item))).filter(Boolean);
    return parts.length ? parts.join('; ') : undefined;
  }
  return text(detail);
}

/** The error a parsed JSON body describes, or undefined when it describes none. */
export function readServerError(body: unknown): ServerError | undefined {
  // Some gateways wrap the error in a one-element array.
  if (Array.isArray(body)) return body.length === 1 ? readServerError(body[0]) : undefined;
  if (!isObject(body)) return undefined;
  const { error } = body;
  if (isObject(error)) {
    const message = text(error.message) ?? detailMessage(error.detail) ?? text(error.error);
    return { message, code: codeOf(error.code) ?? codeOf(error.status), type: text(error.type) };
  }
  if (text(error)) return { message: text(error), code: codeOf(body.code), type: text(body.type) };
  const message = text(body.message) ?? detailMessage(body.detail);
  if (message) return { message, code: codeOf(body.code) ?? codeOf(body.status), type: text(body.type) };
  return undefined;
}

/** A chunk of a streamed reply that is an error instead: `error` set, or a bare message with no choices. */
export function streamChunkError(chunk: Json): ServerError | undefined {
  if (chunk.error !== undefined && chunk.error !== null) return readServerError(chunk) ?? { message: JSON.stringify(chunk.error) };
  if (Array.isArray(chunk.choices)) return undefined;
  const bareMessage = chunk.object === 'error' || (typeof chunk.message === 'string' && chunk.usage === undefined);
  return bareMessage ? readServerError(chunk) : undefined;
}

/** The error a response body describes: parsed when it is JSON we understand, else its first few hundred characters. */
export function serverErrorFromText(bodyText: string): ServerError {
  try {
    const error = readServerError(JSON.parse(bodyText));
    if (error?.message) return error;
  } catch {
    // Not JSON: a proxy's HTML or plain-text page.
  }
  const plain = bodyText.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return { message: plain === '' ? undefined : plain.slice(0, ERROR_TEXT_MAX_CHARS) };
}

/** Enough of a non-JSON error page to recognise it, short enough for a toast's detail line. */
export const ERROR_TEXT_MAX_CHARS = 300;

const MODEL_NOT_FOUND = /\bmodel\b[^.]*\b(not found|does not exist|doesn't exist|is not available|not supported)|\b(unknown|invalid|no such) model\b|model_not_found/i;
const CONTEXT_LENGTH = /context[_ ]length|context window|maximum context|too many tokens|exceeds? (the )?(model'?s? )?(context|maximum)/i;
const QUOTA = /insufficient_quota|exceeded your current quota|billing|credits?/i;

export interface Classified {
  code: ChatErrorCode;
  reason?: OpenAiErrorReason;
}

/**
 * The code for an error, from the HTTP status when there is one, else from the code the server
 * put in its error object. `fallback` is what an unrecognised error becomes.
 */
export function classifyServerError(error: ServerError, status: number | undefined, fallback: ChatErrorCode): Classified {
  const numeric = status ?? (typeof error.code === 'number' ? error.code : Number.parseInt(String(error.code ?? ''), 10) || undefined);
  const label = `${error.code ?? ''} ${error.type ?? ''}`;
  const message = error.message ?? '';
  if (numeric === 401 || /invalid_api_key|authentication/i.test(label)) return { code: 'unauthorized' };
  if (numeric === 403 || /permission|forbidden/i.test(label)) return { code: 'unauthorized', reason: 'forbidden' };
  if (numeric === 429 || /rate_limit|insufficient_quota/i.test(label)) {
    return QUOTA.test(label) || QUOTA.test(message) ? { code: 'rate-limited', reason: 'quota' } : { code: 'rate-limited' };
  }
  if (MODEL_NOT_FOUND.test(message) || /model_not_found/i.test(label)) return { code: 'model-not-found' };
  // A 404 that names no missing model: the path itself is wrong (often a base URL missing /v1).
  if (numeric === 404) return { code: 'model-not-found', reason: 'endpoint-not-found' };
  if (CONTEXT_LENGTH.test(message) || /context_length/i.test(label)) return { code: fallback, reason: 'context-length' };
  if (numeric !== undefined && numeric >= 500) return { code: 'server-error' };
  if (/server_error|internal/i.test(label)) return { code: 'server-error' };
  return { code: fallback };
}
