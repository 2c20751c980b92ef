import type { ChatErrorCode } from '../model';
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

/** Which field a validation error is about: FastAPI's `loc` (`["body", "model"]` → `body.model`). */
function fieldOf(loc: unknown): string | undefined {
  if (!Array.isArray(loc)) return text(loc);
  const path = loc.filter((part) => typeof part === 'string' || typeof part === 'number').join('.');
  return path === '' ? undefined : path;
}

/** FastAPI's `detail` is a string, or a list of `{msg, loc}` for validation errors (each kept with its field). */
function detailMessage(detail: unknown): string | undefined {
  if (Array.isArray(detail)) {
    const parts = detail
      .map((item) => {
        if (!isObject(item)) return text(item);
        const msg = text(item.msg);
        const field = fieldOf(item.loc);
        return msg && field ? `${field}: ${msg}` : msg;
      })
      .filter(Boolean);
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
  const plain = HTML_PAGE.test(bodyText) ? htmlPageMessage(bodyText) : squeeze(bodyText);
  return { message: plain === '' ? undefined : plain.slice(0, ERROR_TEXT_MAX_CHARS) };
}

const HTML_PAGE = /<(!doctype\s+html|html|head|body|title|h1)\b/i;
/** Elements whose text is never the message: a CDN's error page carries pages of CSS and script. */
const HIDDEN_ELEMENTS = /<(script|style|noscript|template|svg|head)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const TITLE = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i;
const FIRST_HEADING = /<h[1-3]\b[^>]*>([\s\S]*?)<\/h[1-3]\s*>/i;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ndash: '–', mdash: '—' };
const ENTITY = /&(#x[0-9a-f]+|#\d+|[a-z]+);/gi;
/** The highest Unicode code point: a numeric reference past it is not a character. */
const MAX_CODE_POINT = 0x10ffff;

const squeeze = (value: string): string => value.replace(/\s+/g, ' ').trim();

function decodeEntity(whole: string, name: string): string {
  if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
  const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
  return code > 0 && code <= MAX_CODE_POINT ? String.fromCodePoint(code) : whole;
}

/** The text of an HTML fragment as plain text (tags dropped, entities decoded): it is shown as text, never as markup. */
const textOf = (html: string): string => squeeze(html.replace(/<[^>]*>/g, ' ').replace(ENTITY, decodeEntity));

/**
 * An HTML error page's message: its title, else its first heading, else its visible text. nginx
 * repeats its title as the heading, so taking both would say it twice.
 */
function htmlPageMessage(html: string): string {
  const title = textOf(TITLE.exec(html)?.[1] ?? '');
  if (title !== '') return title;
  const body = html.replace(HIDDEN_ELEMENTS, ' ');
  const heading = textOf(FIRST_HEADING.exec(body)?.[1] ?? '');
  return heading !== '' ? heading : textOf(body);
}

/** Enough of a non-JSON error page to recognise it, short enough for a toast's detail line. */
export const ERROR_TEXT_MAX_CHARS = 300;

const MODEL_NOT_FOUND = /\bmodel\b[^.]*\b(not found|does not exist|doesn't exist|is not available|not supported)|\b(unknown|invalid|no such) model\b|model_not_found/i;
const CONTEXT_LENGTH = /context[_ ]length|context window|maximum context|too many tokens|exceeds? (the )?(model'?s? )?(context|maximum)/i;
const QUOTA = /insufficient_quota|exceeded your current quota|billing|credits?/i;

/** 5xx statuses that are not the model server's own failure (520–524 are Cloudflare's). */
const GATEWAY_REASONS: Record<number, OpenAiErrorReason> = {
  502: 'bad-gateway',
  503: 'unavailable',
  504: 'gateway-timeout',
  520: 'bad-gateway',
  521: 'bad-gateway',
  522: 'gateway-timeout',
  523: 'bad-gateway',
  524: 'gateway-timeout',
};

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
  if (numeric !== undefined && numeric >= 500) {
    const reason = GATEWAY_REASONS[numeric];
    return reason ? { code: 'server-error', reason } : { code: 'server-error' };
  }
  if (/server_error|internal/i.test(label)) return { code: 'server-error' };
  return { code: fallback };
}
