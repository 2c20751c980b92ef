import type { WireApi } from '../wire';

/**
 * A connection to one OpenAI-compatible server (SPEC B1): where it is, how to authenticate, and
 * which kind of server it is, so the app can name the right fix when it cannot be reached.
 */

export const CONNECTION_KINDS = ['ollama', 'llamacpp', 'lmstudio', 'vllm', 'openai', 'openrouter', 'custom'] as const;
export type ConnectionKind = (typeof CONNECTION_KINDS)[number];

export interface Connection {
  /** Never contains `/`: a model reference is `{connectionId}/{modelId}`. */
  readonly id: string;
  readonly name: string;
  readonly kind: ConnectionKind;
  /** Normalized: http(s), no trailing slash, e.g. http://localhost:11434/v1 */
  readonly baseUrl: string;
  /** Kept in this browser only; sent as a Bearer token, and only to `apiKeyUrl`. */
  readonly apiKey?: string;
  /**
   * The address the user confirmed the key for. The key goes nowhere else: a changed address
   * must be confirmed for it again (or the key is dropped). Unset: typed, never confirmed, never sent.
   */
  readonly apiKeyUrl?: string;
  /** `session`: the key lives in memory only (never written to storage); after a reload it must be entered again. */
  readonly keyStorage?: 'session';
  /** The address was never confirmed (a preset just added): nothing is asked of it until it is. */
  readonly pending?: true;
  /** Sent with every request to this server (a proxy's token, OpenRouter's HTTP-Referer…). */
  readonly headers?: Readonly<Record<string, string>>;
  /** The wire format (issue 27): unset is OpenAI Chat Completions; `anthropic` Messages; `responses` OpenAI Responses. */
  readonly api?: WireApi;
  /** Responses only (issue 27): the user let the provider keep replies; off (unset) by default. */
  readonly storeResponses?: true;
  /**
   * At most this many requests at once (issue 38: pacing); the others wait their turn. Unset:
   * automatic (a llama.cpp server's slots, else one for a local server, all at once for a cloud API).
   */
  readonly maxConcurrent?: number;
}

/** What the user gives for a new connection (the store chooses the id). */
export type ConnectionInput = Omit<Connection, 'id'>;

export interface ConnectionPreset {
  readonly kind: ConnectionKind;
  /** The default name; also how the app refers to the kind of server. */
  readonly name: string;
  readonly baseUrl: string;
  /** A hosted service that refuses requests without an API key. */
  readonly needsKey: boolean;
}

/** Each server's default address; `custom` starts from the most common port of self-hosted servers. */
export const CONNECTION_PRESETS: readonly ConnectionPreset[] = [
  { kind: 'ollama', name: 'Ollama', baseUrl: 'http://localhost:11434/v1', needsKey: false },
  { kind: 'llamacpp', name: 'llama.cpp server', baseUrl: 'http://localhost:8080/v1', needsKey: false },
  { kind: 'lmstudio', name: 'LM Studio', baseUrl: 'http://localhost:1234/v1', needsKey: false },
  { kind: 'vllm', name: 'vLLM', baseUrl: 'http://localhost:8000/v1', needsKey: false },
  { kind: 'openai', name: 'OpenAI', baseUrl: 'https://api.openai.com/v1', needsKey: true },
  { kind: 'openrouter', name: 'OpenRouter', baseUrl: 'https://openrouter.ai/api/v1', needsKey: true },
  { kind: 'custom', name: 'OpenAI-compatible server', baseUrl: 'http://localhost:8000/v1', needsKey: false },
];

export function presetFor(kind: ConnectionKind): ConnectionPreset {
  return CONNECTION_PRESETS.find((preset) => preset.kind === kind) ?? CONNECTION_PRESETS[CONNECTION_PRESETS.length - 1]!;
}

export const isConnectionKind = (value: unknown): value is ConnectionKind =>
  typeof value === 'string' && (CONNECTION_KINDS as readonly string[]).includes(value);

/** Why a base URL was refused; the app words each in the user's language. */
export type BaseUrlError =
  | 'empty'
  /** Not parseable as an address at all. */
  | 'malformed'
  /** ftp:, file:, javascript:… only http and https can be fetched. */
  | 'protocol'
  /** user:password@host: fetch refuses URLs that carry credentials. */
  | 'credentials'
  /** ?query or #fragment: the API paths are appended to the base, which a query would break. */
  | 'query';

export type BaseUrlResult = { ok: true; url: string } | { ok: false; error: BaseUrlError };

/** A scheme written before `://` (so `localhost:11434` is a host and port, not a scheme). */
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * The base URL as the app stores it, or why it cannot be one. An address typed without a scheme
 * (`localhost:11434/v1`) is taken as http; trailing slashes are dropped.
 */
export function normalizeBaseUrl(input: string): BaseUrlResult {
  const text = input.trim();
  if (text === '') return { ok: false, error: 'empty' };
  if (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(text) && !HAS_SCHEME.test(text)) return { ok: false, error: 'protocol' };
  let url: URL;
  try {
    url = new URL(HAS_SCHEME.test(text) ? text : `http://${text}`);
  } catch {
    return { ok: false, error: 'malformed' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, error: 'protocol' };
  if (url.hostname === '') return { ok: false, error: 'malformed' };
  if (url.username || url.password) return { ok: false, error: 'credentials' };
  if (url.search || url.hash || text.includes('?') || text.includes('#')) return { ok: false, error: 'query' };
  return { ok: true, url: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}

/** Header names are HTTP tokens; fetch throws on anything else, which would look like a network failure. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Values may not hold line breaks or NUL (header injection); fetch throws on them too. */
const BAD_HEADER_VALUE = /[\r\n\0]/;

export type HeaderError = 'name' | 'value';

export function headerError(name: string, value: string): HeaderError | undefined {
  if (!HEADER_NAME.test(name.trim())) return 'name';
  if (BAD_HEADER_VALUE.test(value)) return 'value';
  return undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The headers worth sending: valid names and values only (stored data may predate a rule). */
export function cleanHeaders(headers: unknown): Record<string, string> | undefined {
  if (!isRecord(headers)) return undefined;
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value === 'string' && headerError(name, value) === undefined) result[name.trim()] = value.trim();
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

/** A stored connection read back, or undefined when it is unusable (an id with `/`, a bad URL…). */
export function readConnection(value: unknown): Connection | undefined {
  if (!isRecord(value)) return undefined;
  const { id, name, kind, baseUrl, apiKey, apiKeyUrl, keyStorage, pending, headers, api, storeResponses, maxConcurrent } = value;
  if (typeof id !== 'string' || id === '' || id.includes('/') || typeof baseUrl !== 'string') return undefined;
  const url = normalizeBaseUrl(baseUrl);
  if (!url.ok) return undefined;
  const resolvedKind = isConnectionKind(kind) ? kind : 'custom';
  const cleanHeadersValue = cleanHeaders(headers);
  const key = typeof apiKey === 'string' && apiKey.trim() !== '' ? apiKey.trim() : undefined;
  const isPending = pending === true;
  // A key stored before keys were tied to an address was confirmed with the address it was stored with.
  const keyUrl = typeof apiKeyUrl === 'string' ? apiKeyUrl : isPending ? undefined : url.url;
  return {
    id,
    name: typeof name === 'string' && name.trim() !== '' ? name : presetFor(resolvedKind).name,
    kind: resolvedKind,
    baseUrl: url.url,
    ...(key && { apiKey: key }),
    ...(key && keyUrl !== undefined && { apiKeyUrl: keyUrl }),
    ...(keyStorage === 'session' && { keyStorage }),
    ...(isPending && { pending: true as const }),
    ...(cleanHeadersValue && { headers: cleanHeadersValue }),
    // Checked where it is used (anything but a known one is spoken to as Chat Completions): no bytes for it on the first screen.
    ...((api as WireApi) && { api: api as WireApi }),
    ...(storeResponses === true && { storeResponses }),
    // Checked where it is used (connection-pacing.ts), as `api` is.
    ...((maxConcurrent as number) && { maxConcurrent: maxConcurrent as number }),
  };
}
