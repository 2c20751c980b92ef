import { fetchFailure, isAbortError, isMixedContent, mixedContentError, noCorsProbe, parseBaseUrl, type Probe } from './http-errors';

/**
 * One OpenAI-compatible server as the app configured it, and the plumbing every call to it
 * shares: the address, the headers, and turning a fetch that never got a response into an
 * explainable error. An abort is passed through untouched (the caller decides it is quiet).
 */

/**
 * The wire format a connection speaks, where it is not OpenAI's Chat Completions (absent):
 * Anthropic's Messages API or OpenAI's Responses API (issue 27).
 */
export type WireApi = 'anthropic' | 'responses';

/** The Messages API version every request names (Anthropic's only stable one). */
export const ANTHROPIC_VERSION = '2023-06-01';

export interface OpenAiConnection {
  /** Up to and including the API version, e.g. http://localhost:11434/v1 */
  baseUrl: string;
  apiKey?: string;
  /** Sent with every request, after (so able to replace) the standard ones. */
  headers?: Record<string, string>;
  /** Unset: OpenAI Chat Completions. */
  api?: WireApi;
  /** Responses only: the provider keeps replies, and later requests refer to the last one (`previous_response_id`). */
  storeResponses?: boolean;
}

export interface TransportOptions {
  /** The fetch to use; the global one by default. */
  fetch?: typeof fetch;
  /** The page's address, to detect mixed content before fetching; `location.href` by default. */
  pageUrl?: string;
  /** Tells "no CORS headers" from "down" after a failed fetch; a no-cors request by default, null for none. */
  probe?: Probe | null;
}

export interface Transport {
  /** `{baseUrl}/{path}` */
  url(path: string): string;
  /** Fetches `{baseUrl}/{path}`; rejects with an OpenAiModelError, or the AbortError of an abort. */
  request(path: string, init: RequestInit & { accept?: string; json?: unknown }): Promise<Response>;
}

const currentPage = (): string | undefined => (typeof location === 'undefined' ? undefined : location.href);

export function createTransport(connection: OpenAiConnection, options: TransportOptions = {}): Transport {
  // Called as a plain function: a browser's fetch throws "Illegal invocation" as a method of another object.
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => fetch(input, init));
  const probe = options.probe === null ? undefined : (options.probe ?? noCorsProbe(fetchImpl));
  const pageUrl = 'pageUrl' in options ? options.pageUrl : currentPage();

  const url = (path: string) => `${parseBaseUrl(connection.baseUrl).href.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;

  const headers = (accept: string | undefined, isJson: boolean): Record<string, string> => {
    const result: Record<string, string> = {};
    if (accept) result.Accept = accept;
    if (isJson) result['Content-Type'] = 'application/json';
    const key = connection.apiKey?.trim();
    if (connection.api === 'anthropic') {
      // Anthropic takes its key in its own header, and answers a browser only when told the key
      // was given to this page on purpose (the user typed it; it stays in this browser).
      if (key) result['x-api-key'] = key;
      result['anthropic-version'] = ANTHROPIC_VERSION;
      result['anthropic-dangerous-direct-browser-access'] = 'true';
    } else if (key) result.Authorization = `Bearer ${key}`;
    return { ...result, ...connection.headers };
  };

  return {
    url,
    async request(path, { accept, json, ...init }) {
      const target = url(path);
      if (isMixedContent(target, pageUrl)) throw mixedContentError(target);
      const body = json === undefined ? init.body : JSON.stringify(json);
      try {
        // Only a JSON body is said to be JSON: a FormData's type (with its boundary) is fetch's to set.
        return await fetchImpl(target, { ...init, body, headers: { ...headers(accept, json !== undefined), ...(init.headers as Record<string, string>) } });
      } catch (error) {
        if (isAbortError(error) || init.signal?.aborted) throw error;
        throw await fetchFailure(error, target, probe);
      }
    },
  };
}
