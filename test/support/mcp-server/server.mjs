// A real MCP server for unit and e2e tests, built with the official SDK's server side. It speaks
// Streamable HTTP with sessions (so a browser client must be able to read Mcp-Session-Id, which
// only an exposed header allows cross-origin), or the older HTTP+SSE transport, and offers three
// tools: `echo`, `fail` and `picture` (a test may redefine one: another description and schema,
// as a hostile server would under the same name). Switches make it fail the ways real servers do: no CORS,
// Mcp-Session-Id not exposed, a required bearer token, a wrong path, a slow call. With `oauth: true`
// it is also its own OAuth authorization server (oauth.mjs) and /mcp needs a token issued there.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createOAuthApp } from './oauth.mjs';
import { PICTURES_TOOL, TOOLS, runTool } from './tools.mjs';
import { PREFLIGHT_MAX_AGE_S, readBody } from '../http-helpers.mjs';

export const MCP_PATH = '/mcp';
/** Where the older HTTP+SSE transport takes the client's messages (announced in its `endpoint` event). */
export const LEGACY_MESSAGES_PATH = '/messages';

/** One SDK server (a session's), answering tools/list and tools/call from tools.mjs. */
function createMcpServer(state) {
  const server = new Server({ name: 'parley-test-mcp', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: state.pictures ? [...state.tools, PICTURES_TOOL] : state.tools }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const record = { name: request.params.name, arguments: request.params.arguments ?? {}, state: 'running' };
    state.calls.push(record);
    try {
      const result = await runTool(record.name, record.arguments, { delayMs: state.callDelayMs, signal: extra.signal });
      record.state = 'done';
      return result;
    } catch (error) {
      record.state = extra.signal.aborted ? 'cancelled' : 'failed';
      throw error;
    }
  });
  return server;
}

export async function startMcpServer({ port = 0, host = '127.0.0.1', cors = 'full', token, transport = 'streamable', callDelayMs = 0, oauth: withOAuth = false, pictures = false } = {}) {
  const state = { cors, token, transport, callDelayMs, pictures, calls: [], requests: [], tools: TOOLS };
  /** Streamable HTTP sessions and legacy SSE connections, by session id. */
  const sessions = new Map();
  const legacy = new Map();
  const sockets = new Set();

  const corsHeaders = () => {
    if (state.cors === 'off') return {};
    const headers = { 'access-control-allow-origin': '*' };
    // Without this a cross-origin client cannot read the session id, and every later request fails.
    if (state.cors === 'full') headers['access-control-expose-headers'] = 'Mcp-Session-Id, WWW-Authenticate';
    return headers;
  };

  const preflight = (req, res) => {
    if (state.cors === 'off') return void res.writeHead(405, { 'content-type': 'text/plain' }).end('Method Not Allowed');
    const headers = {
      ...corsHeaders(),
      'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
      'access-control-allow-headers': req.headers['access-control-request-headers'] ?? 'Authorization, Content-Type, Accept, Mcp-Session-Id, Mcp-Protocol-Version',
      'access-control-max-age': String(PREFLIGHT_MAX_AGE_S),
    };
    if (req.headers['access-control-request-private-network']) headers['access-control-allow-private-network'] = 'true';
    res.writeHead(204, headers).end();
  };

  const plain = (res, status, text, extra = {}) => res.writeHead(status, { 'content-type': 'text/plain', ...corsHeaders(), ...extra }).end(text);

  const streamable = async (req, res, body) => {
    const sessionId = req.headers['mcp-session-id'];
    let transport = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (!transport) {
      if (sessionId) return plain(res, 404, 'Unknown session');
      transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => sessions.set(id, transport),
      });
      transport.onclose = () => transport.sessionId && sessions.delete(transport.sessionId);
      await createMcpServer(state).connect(transport);
    }
    await transport.handleRequest(req, res, body);
  };

  const legacySse = async (req, res, url, body) => {
    if (req.method === 'GET' && url.pathname === MCP_PATH) {
      const transport = new SSEServerTransport(LEGACY_MESSAGES_PATH, res);
      legacy.set(transport.sessionId, transport);
      res.on('close', () => legacy.delete(transport.sessionId));
      await createMcpServer(state).connect(transport);
      return;
    }
    if (req.method === 'POST' && url.pathname === LEGACY_MESSAGES_PATH) {
      const transport = legacy.get(url.searchParams.get('sessionId') ?? '');
      if (!transport) return plain(res, 404, 'Unknown session');
      await transport.handlePostMessage(req, res, body);
      return;
    }
    // What an old server answers to the new transport's POST: the spec's cue to fall back.
    plain(res, url.pathname === MCP_PATH ? 405 : 404, 'Not Found');
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    state.requests.push({ method: req.method, path: url.pathname, headers: req.headers });
    // The SDK's Node transports write their own headers: add CORS to whatever they send.
    for (const [name, value] of Object.entries(corsHeaders())) res.setHeader(name, value);
    if (req.method === 'OPTIONS') return preflight(req, res);
    // With OAuth, the SDK's router answers its endpoints and lets /mcp through only with a valid token.
    if (oauth) return oauth.app(req, res);
    const known = url.pathname === MCP_PATH || (state.transport === 'legacy-sse' && url.pathname === LEGACY_MESSAGES_PATH);
    if (!known) return plain(res, 404, 'Not Found');
    await serveMcp(req, res, url);
  });
  const serveMcp = async (req, res, url) => {
    try {
      if (state.token && req.headers.authorization !== `Bearer ${state.token}`) {
        return plain(res, 401, 'Unauthorized', { 'www-authenticate': 'Bearer realm="parley-test-mcp"' });
      }
      const raw = req.method === 'POST' ? await readBody(req) : '';
      const body = raw ? JSON.parse(raw) : undefined;
      if (state.transport === 'legacy-sse') await legacySse(req, res, url, body);
      else await streamable(req, res, body);
    } catch (error) {
      if (!res.headersSent) plain(res, 500, String(error));
      else res.destroy();
    }
  };
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((resolve) => server.listen(port, host, () => resolve(undefined)));
  const address = server.address();
  const origin = `http://${host}:${typeof address === 'object' && address ? address.port : port}`;
  const oauth = withOAuth ? createOAuthApp({ origin, mcpPath: MCP_PATH, serveMcp: (req, res) => serveMcp(req, res, new URL(req.url ?? '/', origin)) }) : undefined;

  return {
    origin,
    url: origin + MCP_PATH,
    /** Every tools/call that arrived, with how it ended: running, done, failed or cancelled. */
    calls: state.calls,
    requests: state.requests,
    setCors: (mode) => void (state.cors = mode),
    setToken: (token) => void (state.token = token),
    setCallDelay: (ms) => void (state.callDelayMs = ms),
    setTransport: (mode) => void (state.transport = mode),
    redefineTool(name, definition) {
      state.tools = state.tools.map((tool) => (tool.name === name ? { name, ...definition } : tool));
    },
    issuedAccessTokens: () => oauth?.provider.issuedAccessTokens() ?? [],
    expireAccessTokens: () => oauth?.provider.expireAccessTokens(),
    setSignInOpenerTarget: (target) => oauth && void (oauth.hostile.openerTarget = target),
    signInReports: () => oauth?.hostile.reports ?? [],
    setAdvertisedResource: (resource) => oauth && void (oauth.hostile.resource = resource),
    setChallengedMetadata: (url) => oauth && void (oauth.hostile.challengedMetadata = url),
    reset() {
      Object.assign(state, { cors, token, transport, callDelayMs, tools: TOOLS });
      state.calls.length = 0;
      state.requests.length = 0;
      if (oauth) Object.assign(oauth.hostile, { openerTarget: undefined, resource: undefined, challengedMetadata: undefined, reports: [] });
    },
    async close() {
      for (const transport of [...sessions.values(), ...legacy.values()]) await transport.close().catch(() => {});
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}
