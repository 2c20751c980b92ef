import type { ConnectOptions } from './mcp-client';
import type { McpConnection, McpServerAddress } from './tool-types';

/**
 * The one door to the MCP SDK: it is imported here, on first use, so a chat without tools never
 * downloads it (esbuild splits the dynamic import into its own chunk).
 */

export type { ConnectOptions };

let loading: Promise<typeof import('./mcp-client')> | undefined;

/** Connects to an MCP server; rejects with an McpFailure (reason code) or the AbortError. */
export async function connectMcpServer(address: McpServerAddress, options?: ConnectOptions): Promise<McpConnection> {
  loading ??= import('./mcp-client');
  try {
    const { connectWithSdk } = await loading;
    return await connectWithSdk(address, options);
  } catch (error) {
    // A chunk that failed to download may load on the next try (the network came back).
    if (!(error instanceof Error && (error.name === 'McpFailure' || error.name === 'AbortError'))) loading = undefined;
    throw error;
  }
}
