import { httpUrl, isMixedContent, noCorsProbe, type Probe } from '../wire/http-errors';
import { LOCAL_HOST } from '../../lib/local-address';

/**
 * Why an MCP server could not be used, as precisely as the model servers' diagnosis (issue 16):
 * a reason code the settings screen turns into the fix, in the user's language. Pure except for
 * the optional no-cors probe that tells "no CORS headers" from "down".
 */

export type McpFailureReason =
  /** Not an http(s) address. */
  | 'invalid-url'
  /** An https page may not call a plain-http server on another host. */
  | 'mixed-content'
  /** The server answers, but without Access-Control-Allow-Origin for this page. */
  | 'cors'
  /** The server gave a session id the page could not read (Mcp-Session-Id not exposed), then refused the next request. */
  | 'session-id-hidden'
  /** Nothing answers at that address. */
  | 'down'
  /**
   * A page on the public web calling a server on this machine or the local network got no answer:
   * the browser's Local Network Access prompt was refused or dismissed, or the server is down.
   */
  | 'local-network'
  /** No answer, and the probe could not tell CORS from down. */
  | 'cors-or-down'
  /** 401: a token or key is needed, or the one given is wrong. */
  | 'unauthorized'
  /** 403: the credentials are not allowed to use this server. */
  | 'forbidden'
  /** 404: nothing at that path (the MCP endpoint is usually …/mcp, or …/sse for old servers). */
  | 'not-found'
  /** The address answers, but not as an MCP server (neither transport understood it). */
  | 'not-mcp'
  | 'server-error'
  | 'unknown';

/** What the MCP server must send for a browser page to use it (named in the CORS explanation). */
export const MCP_CORS_REQUIREMENTS = {
  allowOrigin: 'Access-Control-Allow-Origin',
  /** Mcp-Session-Id, or the page cannot read its session and every later request fails; WWW-Authenticate, or it cannot see an OAuth challenge. */
  exposeHeaders: 'Access-Control-Expose-Headers: Mcp-Session-Id, WWW-Authenticate',
  allowHeaders: 'Access-Control-Allow-Headers: Authorization, Content-Type, Mcp-Session-Id, Mcp-Protocol-Version',
} as const;

/** Status codes that mean "your credentials", not "this server is broken". */
const HTTP_UNAUTHORIZED = 401;
const HTTP_FORBIDDEN = 403;
const HTTP_NOT_FOUND = 404;
/** A stateful server's answer to a request without (or with an unknown) session id. */
const HTTP_BAD_REQUEST = 400;
const HTTP_METHOD_NOT_ALLOWED = 405;
const HTTP_SERVER_ERROR_MIN = 500;

export class McpFailure extends Error {
  override readonly name = 'McpFailure';
  readonly reason: McpFailureReason;
  readonly status?: number;
  readonly url: string;

  constructor(reason: McpFailureReason, message: string, details: { url: string; status?: number; cause?: unknown }) {
    super(message, { cause: details.cause });
    this.reason = reason;
    this.status = details.status;
    this.url = details.url;
  }
}

/** What the client saw of the HTTP exchange before it failed (recorded by a wrapping fetch). */
export interface ExchangeLog {
  /** The initialize request got a 2xx answer. */
  initialized: boolean;
  /** A session id was readable on some answer (cross-origin: only when the server exposes it). */
  sawSessionId: boolean;
}

/** The HTTP status an SDK error carries (StreamableHTTPError and SseError keep it as `code`). */
export function statusOf(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'number' && code >= 100 && code < 600 ? code : undefined;
}

/** The reason for an HTTP status, or undefined when the status says nothing specific. */
export function reasonForStatus(status: number, log: ExchangeLog): McpFailureReason {
  if (status === HTTP_UNAUTHORIZED) return 'unauthorized';
  if (status === HTTP_FORBIDDEN) return 'forbidden';
  if (status === HTTP_NOT_FOUND) return 'not-found';
  if (status === HTTP_BAD_REQUEST && log.initialized && !log.sawSessionId) return 'session-id-hidden';
  if (status === HTTP_BAD_REQUEST || status === HTTP_METHOD_NOT_ALLOWED) return 'not-mcp';
  if (status >= HTTP_SERVER_ERROR_MIN) return 'server-error';
  return 'unknown';
}

/** The spec's cue that an old (HTTP+SSE) server may live at the address: a 4xx to the initialize POST. */
export function suggestsOldTransport(error: unknown, log: ExchangeLog): boolean {
  const status = statusOf(error);
  if (log.initialized || status === undefined) return false;
  return status === HTTP_BAD_REQUEST || status === HTTP_NOT_FOUND || status === HTTP_METHOD_NOT_ALLOWED;
}

/** The address as a URL, or an `invalid-url` / `mixed-content` failure before anything is sent. */
export function checkAddress(address: string, pageUrl: string | undefined): URL {
  const url = httpUrl(address);
  if (!url) throw new McpFailure('invalid-url', `Not an http(s) URL: ${address}`, { url: address });
  if (isMixedContent(url.href, pageUrl)) {
    throw new McpFailure('mixed-content', `A page served over https may not call ${url.href} over plain http`, { url: url.href });
  }
  return url;
}

/**
 * Whether the browser asks the user before this page may call `url` (Chrome's Local Network
 * Access): a page on a public address calling this machine or the local network.
 */
export function isLocalNetworkCall(url: string, pageUrl: string | undefined): boolean {
  if (!pageUrl) return false;
  try {
    return LOCAL_HOST.test(new URL(url).hostname) && !LOCAL_HOST.test(new URL(pageUrl).hostname);
  } catch {
    return false;
  }
}

/**
 * Turns whatever the SDK threw into an McpFailure with a reason; a probe tells CORS from down.
 * (The SDK's own UnauthorizedError is mapped where the SDK is loaded: class names do not survive minifying.)
 */
export async function diagnoseMcpFailure(
  error: unknown,
  url: string,
  log: ExchangeLog,
  probe: Probe | null = noCorsProbe(globalThis.fetch.bind(globalThis)),
  pageUrl: string | undefined = globalThis.location?.href,
): Promise<McpFailure> {
  if (error instanceof McpFailure) return error;
  const detail = error instanceof Error ? error.message : String(error);
  const status = statusOf(error);
  if (status !== undefined) return new McpFailure(reasonForStatus(status, log), detail, { url, status, cause: error });
  // A fetch that got no response: the browser hides why (CORS and a dead server look the same).
  if (error instanceof TypeError || (error instanceof Error && /fetch|network|ECONNREFUSED/i.test(detail))) {
    const answered = probe ? await probe(url) : undefined;
    // The probe is a request too: a refused Local Network Access permission blocks it as well.
    const local = answered !== true && isLocalNetworkCall(url, pageUrl);
    const reason: McpFailureReason = local ? 'local-network' : answered === true ? 'cors' : answered === false ? 'down' : 'cors-or-down';
    return new McpFailure(reason, `Could not reach ${url} (${detail})`, { url, cause: error });
  }
  return new McpFailure('unknown', detail, { url, cause: error });
}
