// @vitest-environment node
// The MCP test server's CORS switch, read as a browser would: the preflight and the headers it exposes.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMcpServer, type RunningMcpServer } from '../../support/mcp-server/index.mjs';

let mcp: RunningMcpServer;
beforeAll(async () => {
  mcp = await startMcpServer();
});
afterAll(() => mcp.close());
afterEach(() => mcp.reset());

const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } };

async function initialize(): Promise<Response> {
  return fetch(mcp.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', origin: 'http://page.test' },
    body: JSON.stringify(INITIALIZE),
  });
}

describe('the MCP test server', () => {
  it('with CORS on, allows any origin and exposes Mcp-Session-Id on a real session', async () => {
    const response = await initialize();
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toMatch(/\S/);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')).toContain('Mcp-Session-Id');
    await response.body?.cancel();
  });

  it('no-expose allows the origin but hides the session id; off sends no CORS headers and refuses preflights', async () => {
    mcp.setCors('no-expose');
    let response = await initialize();
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')).toBeNull();
    await response.body?.cancel();
    mcp.setCors('off');
    response = await initialize();
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    await response.body?.cancel();
    const preflight = await fetch(mcp.url, { method: 'OPTIONS', headers: { origin: 'http://page.test', 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(405);
  });

  it('answers 404 off its path and 401 without the required token', async () => {
    expect((await fetch(`${mcp.origin}/other`, { method: 'POST' })).status).toBe(404);
    mcp.setToken('t0ken');
    const response = await initialize();
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });
});
