// A real MCP test server (official SDK, Streamable HTTP with sessions, or the older HTTP+SSE). Typical use:
//
//   const mcp = await startMcpServer();          // mcp.url = http://127.0.0.1:PORT/mcp
//   mcp.setToken('secret');                      // requests without `Authorization: Bearer secret` get 401
//   mcp.setCors('off');                          // no CORS headers ('no-expose': Mcp-Session-Id unreadable)
//   mcp.setCallDelay(5_000);                     // every tools/call waits (abortably) first
//   mcp.setTransport('legacy-sse');              // answers like a pre-2025 server: POST /mcp gives 405
//   const secured = await startMcpServer({ oauth: true });  // its own OAuth server; /mcp needs its token
//   mcp.calls                                    // [{ name, arguments, state: 'running'|'done'|'failed'|'cancelled' }]
//   await mcp.close();
export * from './server.mjs';
export * from './tools.mjs';
