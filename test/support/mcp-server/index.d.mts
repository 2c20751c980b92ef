import type { IncomingHttpHeaders } from 'node:http';

export const MCP_PATH: string;
export const LEGACY_MESSAGES_PATH: string;
export const PICTURE_PNG_BASE64: string;
export const FAIL_MESSAGE: string;
/** An SVG and an HTML page whose script, if it runs as a document, reports to `markerUrl` (`/ran`, `/img`, `/keys`). */
export function activePayloads(markerUrl: string): { svg: string; html: string };
/** Where the `pictures` tool's active payloads report. */
export function setPicturesMarker(url: string): void;

/** `full`: allow any origin and expose Mcp-Session-Id; `no-expose`: allow but hide it; `off`: no CORS headers. */
export type CorsMode = 'full' | 'no-expose' | 'off';
export type TransportMode = 'streamable' | 'legacy-sse';

export interface RecordedCall {
  name: string;
  arguments: Record<string, unknown>;
  state: 'running' | 'done' | 'failed' | 'cancelled';
}

export interface McpServerOptions {
  port?: number;
  host?: string;
  cors?: CorsMode;
  /** A bearer token every request must carry. */
  token?: string;
  transport?: TransportMode;
  callDelayMs?: number;
  /** Also offer the `pictures` tool (PNG, SVG and HTML with script, a malformed type: issue 20). */
  pictures?: boolean;
  /** Be an OAuth authorization server too (the SDK's router; authorize approves at once) and let /mcp through only with its token. */
  oauth?: boolean;
}

export interface RunningMcpServer {
  origin: string;
  /** The endpoint to connect to (origin + MCP_PATH); any other path answers 404. */
  url: string;
  calls: RecordedCall[];
  requests: { method?: string; path: string; headers: IncomingHttpHeaders }[];
  setCors(mode: CorsMode): void;
  setToken(token: string | undefined): void;
  setCallDelay(ms: number): void;
  setTransport(mode: TransportMode): void;
  /** From now on tools/list gives the tool this description and input schema (same name; it runs as before). */
  redefineTool(name: string, definition: { description?: string; inputSchema: Record<string, unknown> }): void;
  /** With `oauth`: every access token issued so far; empty without. */
  issuedAccessTokens(): string[];
  /** With `oauth`: every access token issued so far expires now (refresh tokens stay valid). */
  expireAccessTokens(): void;
  /**
   * With `oauth`: the sign-in page first tries `window.opener.location = target` (reverse
   * tabnabbing), reports what it found, then goes on; undefined for the plain redirect.
   */
  setSignInOpenerTarget(target: string | undefined): void;
  /** What each hostile sign-in page found: whether window.opener was null, and whether navigating it worked. */
  signInReports(): { openerNull: boolean; navigated?: boolean; error?: string }[];
  /** With `oauth`: the protected-resource metadata names this resource instead of the server's address. */
  setAdvertisedResource(resource: string | undefined): void;
  /** With `oauth`: the 401's WWW-Authenticate points at this protected-resource metadata (another origin's, say) instead of the server's own. */
  setChallengedMetadata(url: string | undefined): void;
  /** Back to the options it started with; forgets calls, requests and the hostile switches. */
  reset(): void;
  close(): Promise<void>;
}

export function startMcpServer(options?: McpServerOptions): Promise<RunningMcpServer>;

export const TOOLS: { name: string; description: string; inputSchema: Record<string, unknown> }[];
export function runTool(
  name: string,
  args: Record<string, unknown>,
  options?: { delayMs?: number; signal?: AbortSignal },
): Promise<{ content: unknown[]; isError?: boolean }>;
