import { connectMcpServer } from './connect';
import type { McpConnection, McpServerAddress } from './tool-types';

/**
 * One MCP connection per server, shared by every call (issue 16: approved calls run in parallel
 * over it). Keyed by address and headers, so a server whose settings changed gets a new one.
 */

const connections = new Map<string, Promise<McpConnection>>();

const keyOf = (serverId: string, address: McpServerAddress) => JSON.stringify([serverId, address.url, address.headers ?? {}]);

/** The server's connection, connecting on first use; a failed connect is forgotten, so the next call tries again. */
export function toolConnection(serverId: string, address: McpServerAddress): Promise<McpConnection> {
  const key = keyOf(serverId, address);
  let connection = connections.get(key);
  if (!connection) {
    connection = connectMcpServer(address);
    connections.set(key, connection);
    connection.catch(() => connections.delete(key));
  }
  return connection;
}

/** After a call failed for a reason other than the tool's own: the next call connects afresh (the session may be gone). */
export function forgetToolConnection(serverId: string, address: McpServerAddress): void {
  const key = keyOf(serverId, address);
  const connection = connections.get(key);
  connections.delete(key);
  void connection?.then((c) => c.close()).catch(() => {});
}

/** Closes every connection (tests; a page that goes away closes them anyway). */
export async function closeToolConnections(): Promise<void> {
  const open = [...connections.values()];
  connections.clear();
  await Promise.all(open.map((c) => c.then((connection) => connection.close()).catch(() => {})));
}
