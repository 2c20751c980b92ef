// First: zod must be told not to probe for eval before the SDK's schemas are parsed.
import './schema-no-eval';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { isAbortError, type Probe } from '../wire/http-errors';
import { OAuthRequired } from './connect';
import { BrowserOAuthProvider, callbackUrl, type OAuthStorage } from './mcp-oauth';
import { checkAddress, diagnoseMcpFailure, McpFailure, suggestsOldTransport, type ExchangeLog } from './mcp-failure';
import { resultFromMcp } from './tool-result';
import type { McpConnection, McpServerAddress, McpTool } from './tool-types';

/**
 * The MCP SDK's client behind Parley's plain-data McpConnection. Loaded only through connect.ts's
 * dynamic import, so the SDK (and its dependencies) stay out of the app's first chunks.
 */

const CLIENT_INFO = { name: 'parley', version: '1.0.0' };
/** Tools may run long (a search, a build); Stop is the user's way out, not a timer. */
const TOOL_CALL_TIMEOUT_MS = 10 * 60 * 1000;

/**
 * The SDK validates tools' structured output with ajv, which compiles schemas with `new Function`:
 * Parley's CSP (no 'unsafe-eval') forbids that, and Parley reads only `content`, so nothing is checked.
 */
const acceptEverything: jsonSchemaValidator = {
  getValidator: () => (input) => ({ valid: true, data: input as never, errorMessage: undefined }),
};

export interface ConnectOptions {
  /** The page's address, to catch mixed content before anything is sent; `location.href` by default. */
  pageUrl?: string;
  /** Tells "no CORS headers" from "down" after a failed fetch; a no-cors request by default, null for none. */
  probe?: Probe | null;
  signal?: AbortSignal;
  /** The server's OAuth sign-in: its tokens go with every request, and are refreshed when refused. */
  oauth?: OAuthStorage;
}

/** A 401's WWW-Authenticate names the server's OAuth metadata (the MCP authorization spec's challenge). */
const OAUTH_CHALLENGE = /\bresource_metadata=/i;
/** Unauthorized, in HTTP. */
const HTTP_UNAUTHORIZED = 401;

/** A fetch that notes what the client saw: whether initialize succeeded and a session id was readable. */
function recordingFetch(log: ExchangeLog & { oauthChallenge?: boolean }): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (response.status === HTTP_UNAUTHORIZED && OAUTH_CHALLENGE.test(response.headers.get('www-authenticate') ?? '')) log.oauthChallenge = true;
    if (response.headers.get('mcp-session-id')) log.sawSessionId = true;
    const body = typeof init?.body === 'string' ? init.body : '';
    if (response.ok && init?.method === 'POST' && body.includes('"initialize"')) log.initialized = true;
    return response;
  };
}

function wrap(client: Client, transport: McpConnection['transport'], url: string, probe: Probe | null | undefined): McpConnection {
  // Once connected, a failure is no longer about the session header or the transport.
  const connected: ExchangeLog = { initialized: true, sawSessionId: true };
  const failure = async (error: unknown, signal: AbortSignal | undefined): Promise<unknown> => {
    // The SDK wraps a cancelled request in its own McpError: the caller's abort reason says it plainly.
    if (signal?.aborted) return signal.reason;
    return isAbortError(error) ? error : diagnoseMcpFailure(error, url, connected, probe);
  };
  return {
    transport,
    async listTools(signal) {
      const tools: McpTool[] = [];
      let cursor: string | undefined;
      try {
        do {
          const page = await client.listTools(cursor ? { cursor } : undefined, { signal });
          for (const tool of page.tools) {
            tools.push({ name: tool.name, ...(tool.description !== undefined && { description: tool.description }), inputSchema: tool.inputSchema });
          }
          cursor = page.nextCursor;
        } while (cursor);
      } catch (error) {
        throw await failure(error, signal);
      }
      return tools;
    },
    async callTool(name, args, signal) {
      try {
        const result = await client.callTool({ name, arguments: args }, undefined, {
          signal,
          timeout: TOOL_CALL_TIMEOUT_MS,
          resetTimeoutOnProgress: true,
        });
        return resultFromMcp(result);
      } catch (error) {
        throw await failure(error, signal);
      }
    },
    close: () => client.close(),
  };
}

async function attempt(transport: Transport, signal: AbortSignal | undefined): Promise<Client> {
  const client = new Client(CLIENT_INFO, { capabilities: {}, jsonSchemaValidator: acceptEverything });
  try {
    await client.connect(transport, { signal });
    return client;
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
}

/**
 * Connects with Streamable HTTP; when the initialize POST gets a 4xx (the spec's sign of a server
 * from before 2025-03-26), tries the older HTTP+SSE transport at the same address. Failures come
 * out as McpFailure with a reason; an abort as the AbortError.
 */
export async function connectWithSdk(address: McpServerAddress, options: ConnectOptions = {}): Promise<McpConnection> {
  const pageUrl = options.pageUrl ?? (typeof location === 'undefined' ? undefined : location.href);
  const url = checkAddress(address.url, pageUrl);
  const requestInit: RequestInit = { headers: { ...address.headers } };
  const log: ExchangeLog & { oauthChallenge?: boolean } = { initialized: false, sawSessionId: false };
  const fetchImpl = recordingFetch(log);
  // Without a popup to sign in with, the SDK refreshes a refused token or reports 401.
  const authProvider = options.oauth && new BrowserOAuthProvider(options.oauth, callbackUrl(typeof document === 'undefined' ? pageUrl : undefined));
  try {
    const client = await attempt(new StreamableHTTPClientTransport(url, { requestInit, fetch: fetchImpl, authProvider }), options.signal);
    return wrap(client, 'streamable-http', url.href, options.probe);
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (isAbortError(error)) throw error;
    if (suggestsOldTransport(error, log)) {
      try {
        const client = await attempt(new SSEClientTransport(url, { requestInit, fetch: fetchImpl, authProvider }), options.signal);
        return wrap(client, 'sse', url.href, options.probe);
      } catch (oldError) {
        if (options.signal?.aborted) throw options.signal.reason;
        if (isAbortError(oldError)) throw oldError;
        // Neither transport: the first answer (404, 405…) explains it best.
      }
    }
    if (log.oauthChallenge || (authProvider && error instanceof UnauthorizedError)) {
      throw new McpFailure('unauthorized', error instanceof Error ? error.message : String(error), { url: url.href, status: HTTP_UNAUTHORIZED, cause: new OAuthRequired() });
    }
    if (error instanceof UnauthorizedError) throw new McpFailure('unauthorized', error.message, { url: url.href, status: 401, cause: error });
    throw await diagnoseMcpFailure(error, url.href, log, options.probe);
  }
}

export { McpFailure };
export { signInWithPopup } from './mcp-oauth';
