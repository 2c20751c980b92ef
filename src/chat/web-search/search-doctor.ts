// The search doctor (issue 37): why Parley cannot search through a SearXNG address, told apart,
// each with the exact fix (the lines to add to settings.yml or the reverse proxy, with this page's
// origin). Settings → Search's Check runs it; a failed web_search call is explained by it. Loaded
// with import() by both (index.ts's loadSearchDoctor), never with a page.
import { fetchWithin, SEARCH_INIT, SEARXNG_TIMEOUT_MS, searchSearxng, searxngSearchUrl, SearxngError, type SearxngRequestOptions } from './searxng-client';

export type SearchDiagnosisKind =
  | 'bad-address'
  | 'mixed-content'
  | 'json-off'
  | 'no-cors'
  | 'refused'
  | 'http-error'
  | 'not-searxng'
  | 'unreachable'
  | 'working';

/** Lines to paste into a configuration file, named after where they go. */
export interface ConfigLines {
  /** `settings.yml`, `nginx`, `Caddy`. */
  file: string;
  text: string;
}

export interface SearchDiagnosis {
  kind: SearchDiagnosisKind;
  /** One line, in English: what is wrong, or that it works (the model reads it after a failed call). */
  message: string;
  /** One line, in English: what to do about it. */
  fix?: string;
  /** The lines that fix it, when the fix is a configuration. */
  config?: ConfigLines[];
  /** The HTTP status SearXNG answered (json-off, refused, http-error). */
  status?: number;
  /** How many results the test query brought (working). */
  results?: number;
  /** The origin SearXNG must allow (no-cors), as the page reports it. */
  origin?: string;
  /** unreachable: no answer within the time limit (rather than a refused connection). */
  timedOut?: boolean;
}

export interface DoctorOptions extends SearxngRequestOptions {
  /** The page's origin (`location.origin`): what SearXNG must allow, and whether it is https. */
  pageOrigin?: string;
}

/** What Check searches for: a word every engine has results for. */
export const TEST_QUERY = 'SearXNG';

/** The lines settings.yml needs for JSON output: `json` beside `html` in search.formats. */
export const JSON_FORMATS_YAML = ['search:', '  formats:', '    - html', '    - json'].join('\n');
/** The limiter is what refuses scripts; on one's own instance it can be turned off. */
export const LIMITER_OFF_YAML = ['server:', '  limiter: false'].join('\n');

/** The reverse proxy's line that lets `origin` read SearXNG's answers; nginx's `always` covers error answers too. */
export const corsProxyLines = (origin: string): ConfigLines[] => [
  { file: 'nginx', text: `add_header Access-Control-Allow-Origin "${origin}" always;` },
  { file: 'Caddy', text: `header Access-Control-Allow-Origin "${origin}"` },
];

/** Loopback addresses are "potentially trustworthy": an https page may fetch them over http. */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(hostname) || hostname === '[::1]';
}

const pageOriginOf = (options: DoctorOptions): string | undefined => options.pageOrigin ?? globalThis.location?.origin;

/** An https page asking an http address that is not this device's: the browser blocks it (mixed content). */
const isMixedContent = (url: URL, options: DoctorOptions): boolean =>
  !!pageOriginOf(options)?.startsWith('https:') && url.protocol === 'http:' && !isLoopback(url.hostname);

/** The diagnosis of a kind, in English; `details` fill its numbers. */
function diagnosis(kind: SearchDiagnosisKind, details: Partial<SearchDiagnosis> = {}): SearchDiagnosis {
  const { status, results, origin, timedOut } = details;
  switch (kind) {
    case 'bad-address':
      return { kind, message: 'The SearXNG address is not a web address Parley can use.', fix: 'Type the instance’s whole address, like https://search.example.org/, with http:// or https:// and no user name or password.' };
    case 'mixed-content':
      return { kind, message: 'Parley is open over https, and the browser blocks its requests to an http address.', fix: 'Serve SearXNG over https (a reverse proxy with a certificate), or give its https address.' };
    case 'json-off':
      return { kind, status, message: `SearXNG answers ${status ?? 403} Forbidden to format=json: its JSON output is turned off.`, fix: 'Add json to search.formats in SearXNG’s settings.yml, then restart SearXNG.', config: [{ file: 'settings.yml', text: JSON_FORMATS_YAML }] };
    case 'no-cors':
      return { kind, origin, message: 'SearXNG answers, but without an Access-Control-Allow-Origin header, so the browser keeps its answer from Parley.', fix: `Add the header for this page’s origin (${origin}) in the reverse proxy in front of SearXNG, then reload it.`, config: origin ? corsProxyLines(origin) : undefined };
    case 'refused':
      return { kind, status, message: `SearXNG refuses requests from programs (HTTP ${status}): its limiter or bot detection is on.`, fix: 'On your own instance, turn the limiter off (server.limiter in settings.yml) or add your address to pass_ip in limiter.toml. Public instances refuse programs: use your own.', config: [{ file: 'settings.yml', text: LIMITER_OFF_YAML }] };
    case 'http-error':
      return { kind, status, message: `The address answers HTTP ${status} to a search.`, fix: 'Check that it is the address of SearXNG’s own page (the one with its search box), and look at SearXNG’s log.' };
    case 'not-searxng':
      return { kind, message: 'The address answers, but not with SearXNG’s JSON results.', fix: 'Check that it is the address of SearXNG’s own page (the one with its search box), not another site or a sign-in page.' };
    case 'unreachable':
      return { kind, ...(timedOut && { timedOut }), message: timedOut ? `No answer from the address within ${SEARXNG_TIMEOUT_MS / 1000} s.` : 'No answer from the address.', fix: 'Check that SearXNG is running and that this device reaches it: open the address in a new tab.' };
    case 'working':
      return { kind, results, message: `SearXNG works: ${results} results for “${TEST_QUERY}”.` };
  }
}

/** Whether the request reaches the server when its answer need not be readable: `no-cors` tells "no CORS header" from "no answer". */
async function answersWithoutCors(url: URL, options: DoctorOptions): Promise<boolean> {
  try {
    await fetchWithin(url, { ...SEARCH_INIT, headers: undefined, mode: 'no-cors' }, options, async () => undefined);
    return true;
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return false;
  }
}

/** Whether SearXNG's own page (no `format`) answers: then a 403 to JSON is JSON output turned off, not a refusal of this client. */
async function htmlAnswers(base: string, options: DoctorOptions): Promise<boolean | undefined> {
  const url = searxngSearchUrl(base, TEST_QUERY, 'html')!;
  try {
    return await fetchWithin(url, { ...SEARCH_INIT, headers: { accept: 'text/html' } }, options, async (response) => response.ok);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return undefined;
  }
}

/**
 * Why a search through `address` failed with `error` (searchSearxng's): a second request tells
 * apart what the first could not (no CORS header or no answer; JSON off or this client refused).
 * Rejects only with the signal's reason once it aborts.
 */
export async function explainSearxngFailure(error: unknown, address: string, options: DoctorOptions = {}): Promise<SearchDiagnosis> {
  if (options.signal?.aborted) throw options.signal.reason;
  if (!(error instanceof SearxngError)) return diagnosis('unreachable');
  switch (error.kind) {
    case 'address':
      return diagnosis('bad-address');
    case 'timeout':
      return diagnosis('unreachable', { timedOut: true });
    case 'not-searxng':
      return diagnosis('not-searxng');
    case 'network': {
      const url = searxngSearchUrl(address, TEST_QUERY)!;
      if (isMixedContent(url, options)) return diagnosis('mixed-content');
      return (await answersWithoutCors(url, options)) ? diagnosis('no-cors', { origin: pageOriginOf(options) }) : diagnosis('unreachable');
    }
    case 'status': {
      const status = error.status!;
      if (status === 429) return diagnosis('refused', { status });
      // SearXNG answers 403 to a format not in search.formats; its limiter and a proxy's bot
      // check answer 403 to its own page as well.
      if (status === 403) return (await htmlAnswers(address, options)) === false ? diagnosis('refused', { status }) : diagnosis('json-off', { status });
      return diagnosis('http-error', { status });
    }
  }
}

/**
 * Checks the SearXNG at `address` the way a search uses it: one search for TEST_QUERY, and, when
 * that fails, what explains it. Needs no settings; rejects only once `signal` aborts.
 */
export async function diagnoseSearxng(address: string, options: DoctorOptions = {}): Promise<SearchDiagnosis> {
  const url = searxngSearchUrl(address, TEST_QUERY);
  if (!url) return diagnosis('bad-address');
  // The browser refuses the request before it leaves: nothing to probe.
  if (isMixedContent(url, options)) return diagnosis('mixed-content');
  try {
    const results = await searchSearxng(address, TEST_QUERY, options);
    return diagnosis('working', { results: results.length });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return explainSearxngFailure(error, address, options);
  }
}

/** A diagnosis as the one line a model is told when its search failed. */
export const diagnosisLine = (found: SearchDiagnosis): string => (found.fix ? `${found.message} ${found.fix}` : found.message);
