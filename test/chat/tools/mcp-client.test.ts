// @vitest-environment node
// connectMcpServer against the real MCP test server (the official SDK's server side over HTTP).
import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectMcpServer, McpFailure, type McpConnection, type McpFailureReason } from '../../../src/chat/mcp';
import { FAIL_MESSAGE, MCP_PATH, PICTURE_PNG_BASE64, startMcpServer, type RunningMcpServer } from '../../support/mcp-server/index.mjs';

/** Long enough that a call is surely still running when the test stops it. */
const SLOW_CALL_MS = 5_000;

let mcp: RunningMcpServer;
const open: McpConnection[] = [];
beforeAll(async () => {
  mcp = await startMcpServer();
});
afterAll(() => mcp.close());
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
  mcp.reset();
});

async function connect(url = mcp.url, headers?: Record<string, string>): Promise<McpConnection> {
  const connection = await connectMcpServer({ url, headers }, { probe: null });
  open.push(connection);
  return connection;
}

async function failureOf(promise: Promise<unknown>): Promise<{ reason: McpFailureReason; status?: number }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(McpFailure);
  const failure = error as McpFailure;
  return { reason: failure.reason, ...(failure.status !== undefined && { status: failure.status }) };
}

/** A port nothing listens on: taken from the OS, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('connectMcpServer over Streamable HTTP', () => {
  it('lists the three tools with their descriptions and schemas', async () => {
    const connection = await connect();
    expect(connection.transport).toBe('streamable-http');
    const tools = await connection.listTools();
    expect(tools.map((t) => t.name)).toEqual(['echo', 'fail', 'picture']);
    expect(tools[0]).toEqual({
      name: 'echo',
      description: 'Returns the text it is given.',
      inputSchema: expect.objectContaining({ type: 'object', required: ['text'] }),
    });
  });

  it('echo returns its text; fail gives an error result; picture gives an image part', async () => {
    const connection = await connect();
    expect(await connection.callTool('echo', { text: 'héllo <b>' })).toEqual({ parts: [{ type: 'text', text: 'héllo <b>' }], isError: false, skipped: 0 });
    expect(await connection.callTool('fail', {})).toEqual({ parts: [{ type: 'text', text: FAIL_MESSAGE }], isError: true, skipped: 0 });
    const picture = await connection.callTool('picture', {});
    expect(picture.isError).toBe(false);
    expect(picture.parts).toEqual([
      { type: 'image', data: PICTURE_PNG_BASE64, mimeType: 'image/png' },
      { type: 'text', text: 'A red dot.' },
    ]);
    expect(mcp.calls.map((c) => [c.name, c.state])).toEqual([
      ['echo', 'done'],
      ['fail', 'done'],
      ['picture', 'done'],
    ]);
  });

  it('sends the given headers: a required bearer token passes with it and fails as unauthorized without', async () => {
    mcp.setToken('secret');
    expect(await failureOf(connectMcpServer({ url: mcp.url }, { probe: null }))).toEqual({ reason: 'unauthorized', status: 401 });
    expect(await failureOf(connectMcpServer({ url: mcp.url, headers: { Authorization: 'Bearer wrong' } }, { probe: null }))).toEqual({
      reason: 'unauthorized',
      status: 401,
    });
    const connection = await connect(mcp.url, { Authorization: 'Bearer secret' });
    expect((await connection.callTool('echo', { text: 'in' })).parts).toEqual([{ type: 'text', text: 'in' }]);
  });

  it('a wrong path is not-found (after trying the older transport there too)', async () => {
    expect(await failureOf(connectMcpServer({ url: `${mcp.origin}/wrong` }, { probe: null }))).toEqual({ reason: 'not-found', status: 404 });
    expect(mcp.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /wrong', 'GET /wrong']);
  });

  it('nothing listening is down (the probe got no answer either)', async () => {
    const url = `http://127.0.0.1:${await closedPort()}${MCP_PATH}`;
    const probe = async () => false;
    const error = await connectMcpServer({ url }, { probe }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpFailure);
    expect((error as McpFailure).reason).toBe('down');
  });

  it('no response but the probe reached the server is cors', async () => {
    const url = `http://127.0.0.1:${await closedPort()}${MCP_PATH}`;
    expect(await failureOf(connectMcpServer({ url }, { probe: async () => true }))).toEqual({ reason: 'cors' });
  });

  it('refuses what a page cannot call before sending anything: not http(s), mixed content', async () => {
    expect(await failureOf(connectMcpServer({ url: 'ftp://example.com/mcp' }))).toEqual({ reason: 'invalid-url' });
    const page = 'https://parley.example/';
    expect(await failureOf(connectMcpServer({ url: 'http://tools.example/mcp' }, { pageUrl: page }))).toEqual({ reason: 'mixed-content' });
    // Loopback is potentially trustworthy: an https page may call it over http.
    await connectMcpServer({ url: mcp.url }, { pageUrl: page, probe: null }).then((c) => open.push(c));
  });

  it('Stop during a slow call aborts it and the server is told (the call never completes)', async () => {
    mcp.setCallDelay(SLOW_CALL_MS);
    const connection = await connect();
    const stop = new AbortController();
    const call = connection.callTool('echo', { text: 'slow' }, stop.signal);
    await expect.poll(() => mcp.calls.map((c) => c.state)).toEqual(['running']);
    stop.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    await expect.poll(() => mcp.calls.map((c) => c.state)).toEqual(['cancelled']);
  });
});

describe('connectMcpServer falling back to HTTP+SSE', () => {
  it('uses the older transport when the server answers the initialize POST with 405', async () => {
    mcp.setTransport('legacy-sse');
    const connection = await connect();
    expect(connection.transport).toBe('sse');
    expect((await connection.listTools()).map((t) => t.name)).toEqual(['echo', 'fail', 'picture']);
    expect((await connection.callTool('echo', { text: 'old' })).parts).toEqual([{ type: 'text', text: 'old' }]);
  });
});
