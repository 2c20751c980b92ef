import { PROBE_TIMEOUT_MS } from './http-errors';
import { OpenAiModelError } from './openai-error';
import { createTransport, type OpenAiConnection, type TransportOptions } from './transport';

/**
 * A connection set to Anthropic Messages that points at an OpenAI-compatible server (issue 33).
 * Anthropic's headers (`x-api-key`, `anthropic-version`…) make the browser ask the server first
 * (a CORS preflight), and a server that allows only OpenAI's headers refuses: the request fails as
 * "unreachable", which blames CORS or a server that is not running. A 404 from `{base}/messages`
 * says as little. So after such a failure the server is asked the plainest way (a GET of
 * `{base}/models` with no key and no header a preflight would be needed for): a list in OpenAI's
 * shape means the server speaks Chat Completions, and the error says to choose that format.
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** OpenAI's list (`{object:"list", data:[…]}`) or its error shape (`{error:{…}}`, no `type:"error"`, which is Anthropic's). */
export function isOpenAiShaped(body: unknown): boolean {
  if (!isObject(body)) return false;
  if (body.object === 'list' && Array.isArray(body.data)) return true;
  return isObject(body.error) && body.type === undefined;
}

/** Whether the failure could be a format mismatch the browser or the server described as something else. */
function mayBeWrongFormat(error: OpenAiModelError): boolean {
  if (error.code === 'unreachable') return error.reason === 'cors' || error.reason === 'cors-or-down';
  return error.code === 'model-not-found' && error.reason === 'endpoint-not-found';
}

/** GET {base}/models as a simple request (no preflight): true when the server answers in OpenAI's shape. */
export async function speaksChatCompletions(baseUrl: string, options: TransportOptions = {}): Promise<boolean> {
  const transport = createTransport({ baseUrl }, { ...options, probe: null });
  try {
    const response = await transport.request('models', { method: 'GET', accept: 'application/json', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    return isOpenAiShaped(await response.json());
  } catch {
    return false;
  }
}

/**
 * The error to report for `error`, a failed request of `connection`: where it is set to Anthropic
 * Messages and the server turns out to speak Chat Completions, that (reason `openai-api`); else `error`.
 */
export async function diagnoseWrongFormat(connection: OpenAiConnection, error: unknown, options: TransportOptions = {}): Promise<unknown> {
  if (connection.api !== 'anthropic' || !(error instanceof OpenAiModelError) || !mayBeWrongFormat(error)) return error;
  if (!(await speaksChatCompletions(connection.baseUrl, options))) return error;
  return new OpenAiModelError('malformed-stream', `${connection.baseUrl} speaks OpenAI's Chat Completions, not Anthropic's Messages API`, {
    reason: 'openai-api',
    url: error.url,
    cause: error,
  });
}
