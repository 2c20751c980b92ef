import { classifyServerError, serverErrorFromText } from './error-body';
import { OpenAiModelError, type OpenAiErrorReason } from './openai-error';
import { retryAfterMs } from './retry-after';

/**
 * Failures of the HTTP exchange itself, as ChatModelErrors the app can explain (SPEC B6): a
 * fetch that never got a response (mixed content, CORS, server down), and a response whose
 * status is not 2xx, with the server's own message taken from its body.
 */

/** An error body longer than this is a page, not a message; the rest is not read. */
export const ERROR_BODY_MAX_BYTES = 64 * 1024;
/** How long the no-cors probe may take before the answer counts as "could not tell". */
export const PROBE_TIMEOUT_MS = 3000;
/** Hosts a secure page may call over plain http (browsers treat them as potentially trustworthy). */
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$|\.localhost$/i;

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

/** The address as a URL when it is one a page can fetch (http or https), else undefined. */
export function httpUrl(address: string): URL | undefined {
  try {
    const url = new URL(address.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The base URL as a URL, or an 'invalid-url' error: only http and https can be fetched. */
export function parseBaseUrl(baseUrl: string): URL {
  const url = httpUrl(baseUrl);
  if (!url) throw new OpenAiModelError('unreachable', `Not an http(s) URL: ${baseUrl}`, { reason: 'invalid-url', url: baseUrl });
  return url;
}

/** An https page calling plain http on another host is blocked by the browser before any request. */
export function isMixedContent(target: string, pageUrl: string | undefined): boolean {
  if (!pageUrl) return false;
  try {
    const page = new URL(pageUrl);
    const url = new URL(target);
    return page.protocol === 'https:' && url.protocol === 'http:' && !LOOPBACK_HOST.test(url.hostname);
  } catch {
    return false;
  }
}

export function mixedContentError(url: string): OpenAiModelError {
  return new OpenAiModelError('unreachable', `A page served over https may not call ${url} over plain http`, {
    reason: 'mixed-content',
    url,
  });
}

export type Probe = (url: string) => Promise<boolean | undefined>;

/**
 * Tells "up but no CORS headers" from "down": a no-cors request is not subject to CORS, so it
 * resolves (with an opaque response) whenever the server answers at all. Undefined: no answer in time.
 */
export function noCorsProbe(fetchImpl: typeof fetch): Probe {
  return async (url) => {
    const timeout = AbortSignal.timeout(PROBE_TIMEOUT_MS);
    try {
      await fetchImpl(url, { mode: 'no-cors', signal: timeout, cache: 'no-store' });
      return true;
    } catch {
      return timeout.aborted ? undefined : false;
    }
  };
}

/** A fetch that rejected (never got a response): the browser's TypeError hides why, the probe may tell. */
export async function fetchFailure(error: unknown, url: string, probe: Probe | undefined): Promise<OpenAiModelError> {
  const detail = error instanceof Error ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}` : String(error);
  const answered = probe ? await probe(url) : undefined;
  const reason: OpenAiErrorReason = answered === true ? 'cors' : answered === false ? 'down' : 'cors-or-down';
  return new OpenAiModelError('unreachable', `Could not reach ${url} (${detail})`, { reason, url, cause: error });
}

/** Reads at most `maxBytes` of a body as text; a body that fails midway gives what arrived. */
export async function readLimitedText(response: Response, maxBytes = ERROR_BODY_MAX_BYTES): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  try {
    while (bytes < maxBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // What arrived is enough to explain the failure.
  } finally {
    void reader.cancel().catch(() => {});
  }
  return text + decoder.decode();
}

/** The error for a response whose status is not 2xx, from its body's text. */
export function errorFromResponse(response: Response, bodyText: string, url: string, now = Date.now()): OpenAiModelError {
  const serverError = serverErrorFromText(bodyText);
  const serverMessage = serverError.message;
  const { status } = response;
  const classified = classifyServerError(serverError, status, status >= 500 ? 'server-error' : 'unknown');
  const message = serverMessage ?? `HTTP ${status}${response.statusText ? ` ${response.statusText}` : ''}`;
  const wait = classified.code === 'rate-limited' && classified.reason !== 'quota' ? retryAfterMs(response.headers, serverMessage, now) : undefined;
  return new OpenAiModelError(classified.code, message, { status, retryAfterMs: wait, reason: classified.reason, url });
}

/** The error for a response whose status is not 2xx (reads the body). */
export async function responseError(response: Response, url: string, now = Date.now()): Promise<OpenAiModelError> {
  return errorFromResponse(response, await readLimitedText(response), url, now);
}
