// Parley's own web search (issue 37, route 3): one query to the user's SearXNG, straight from the
// browser, its answer read as citations. Every failure is a SearxngError whose kind the search
// doctor (search-doctor.ts) turns into a reason and a fix.
import type { Citation } from '../types';
import { plainCitationText, webAddress } from '../shapes/citations';

/** More results than this are noise to a model and cost its context; SearXNG sends about 30. */
export const MAX_SEARXNG_RESULTS = 10;
/** SearXNG waits on its engines (their own limit is a few seconds): past this it is not answering. */
export const SEARXNG_TIMEOUT_MS = 15_000;
/** A result's title and snippet as kept: a title is a line, a snippet a few sentences. */
const TITLE_CHARS = 200;
export const SNIPPET_CHARS = 500;

/**
 * Why a search failed: `address` the address is not an http(s) URL; `status` SearXNG answered
 * with an HTTP error (`status` says which); `network` the request failed before an answer could
 * be read (no CORS header, down, blocked); `timeout` no answer in time; `not-searxng` an answer
 * that is not SearXNG's JSON.
 */
export type SearxngFailure = 'address' | 'status' | 'network' | 'timeout' | 'not-searxng';

export class SearxngError extends Error {
  override readonly name = 'SearxngError';
  constructor(
    readonly kind: SearxngFailure,
    readonly status?: number,
  ) {
    super(kind === 'status' ? `SearXNG answered HTTP ${status}` : `SearXNG search failed: ${kind}`);
  }
}

export interface SearxngRequestOptions {
  signal?: AbortSignal;
  /** Tests pass their own; the page's fetch otherwise. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * The search address for `query` on the instance at `base`: `{base}/search?q=…&format=json`.
 * `base` may end with '/' or already with '/search', and may have a path of its own (`/searx`),
 * which is kept. Undefined when `base` is not an http(s) address without user name or password.
 */
export function searxngSearchUrl(base: string, query: string, format: 'json' | 'html' = 'json'): URL | undefined {
  let url: URL;
  try {
    url = new URL(base.trim());
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '' || url.username !== '' || url.password !== '') return undefined;
  url.hash = '';
  url.search = '';
  const path = url.pathname.replace(/\/+$/, '');
  url.pathname = path.endsWith('/search') ? path : `${path}/search`;
  url.searchParams.set('q', query);
  // SearXNG's page is its default: an HTML request leaves `format` out, as a browser's does.
  if (format === 'json') url.searchParams.set('format', 'json');
  return url;
}

/**
 * Runs `fetch` and `read` (the body) under the caller's signal and a time limit: the caller's
 * abort rejects with its reason (Stop), the limit with a SearxngError('timeout').
 */
export async function fetchWithin<T>(url: URL, init: RequestInit, options: SearxngRequestOptions, read: (response: Response) => Promise<T>): Promise<T> {
  const { signal, timeoutMs = SEARXNG_TIMEOUT_MS } = options;
  const run = options.fetch ?? fetch;
  signal?.throwIfAborted();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const stop = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', stop, { once: true });
  try {
    return await read(await run(url, { ...init, signal: controller.signal }));
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (timedOut) throw new SearxngError('timeout');
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }
}

/** How Parley asks: no cookies (SearXNG needs none, and must not learn who asks), no referrer. */
export const SEARCH_INIT: RequestInit = { method: 'GET', headers: { accept: 'application/json' }, credentials: 'omit', referrerPolicy: 'no-referrer' };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** SearXNG's JSON (`{ query, results: [{ url, title, content }] }`) → at most `max` citations, each cleaned; undefined when it is not that shape. */
export function searxngResults(body: unknown, max = MAX_SEARXNG_RESULTS): Citation[] | undefined {
  if (!isRecord(body) || !Array.isArray(body.results)) return undefined;
  const seen = new Set<string>();
  const results: Citation[] = [];
  for (const raw of body.results) {
    if (results.length === max) break;
    if (!isRecord(raw)) continue;
    const url = webAddress(raw.url);
    if (!url || seen.has(url)) continue;
    seen.add(url);
    const title = plainCitationText(raw.title, TITLE_CHARS);
    const citedText = plainCitationText(raw.content, SNIPPET_CHARS);
    results.push({ url, ...(title && { title }), ...(citedText && { citedText }) });
  }
  return results;
}

/**
 * Searches the instance at `base` for `query`: its first results, cleaned (http and https only,
 * titles and snippets as plain text), at most MAX_SEARXNG_RESULTS. Rejects with a SearxngError,
 * or with the signal's reason once it aborts.
 */
export async function searchSearxng(base: string, query: string, options: SearxngRequestOptions = {}): Promise<Citation[]> {
  const url = searxngSearchUrl(base, query);
  if (!url) throw new SearxngError('address');
  let answer: { ok: true; body: unknown } | { ok: false; status: number };
  try {
    // No cookies or credentials: SearXNG needs none, and an instance must not learn who asks.
    answer = await fetchWithin(url, SEARCH_INIT, options, async (response) => {
      if (!response.ok) return { ok: false as const, status: response.status };
      try {
        return { ok: true as const, body: (await response.json()) as unknown };
      } catch (error) {
        // Stopped or out of time while the body came: said as such (fetchWithin), not as a bad answer.
        if (error instanceof Error && error.name === 'AbortError') throw error;
        return { ok: true as const, body: undefined };
      }
    });
  } catch (error) {
    if (error instanceof SearxngError || options.signal?.aborted) throw error;
    throw new SearxngError('network');
  }
  if (!answer.ok) throw new SearxngError('status', answer.status);
  const body = answer.body;
  const results = searxngResults(body);
  if (!results) throw new SearxngError('not-searxng');
  return results;
}
