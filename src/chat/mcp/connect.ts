import type { ConnectOptions } from './mcp-client';
import type { OAuthStorage } from './mcp-oauth';
import { getToolSettingsStore, type McpServerConfig } from './tool-settings';
import type { McpConnection, McpServerAddress } from './tool-types';

/**
 * The one door to the MCP SDK: it is imported here, on first use, so a chat without tools never
 * downloads it (esbuild splits the dynamic import into its own chunk).
 */

export type { ConnectOptions, OAuthStorage };

let loading: Promise<typeof import('./mcp-client')> | undefined;

/** The cause of an `unauthorized` McpFailure when the server asks for OAuth sign-in (Settings → Tools offers it). */
export class OAuthRequired extends Error {
  override readonly name = 'OAuthRequired';
}

/**
 * Why a sign-in in the popup did not finish: blocked by the browser, closed by the user, refused by
 * the server, or the server's metadata named another resource than its address.
 */
export type SignInFailureReason = 'blocked' | 'closed' | 'denied' | 'resource';

export class McpSignInError extends Error {
  override readonly name = 'McpSignInError';
  constructor(
    readonly reason: SignInFailureReason,
    message: string = reason,
  ) {
    super(message);
  }
}

/** Whether a failure to connect means "sign in with OAuth first". */
export function needsSignIn(error: unknown): boolean {
  return error instanceof Error && error.name === 'McpFailure' && error.cause instanceof OAuthRequired;
}

/** A server's sign-in, kept in its settings entry (so in this browser only: never backed up or synced). */
export function oauthStorageFor(serverId: string): OAuthStorage {
  const store = getToolSettingsStore();
  return {
    load: () => store.getSnapshot().servers.find((server) => server.id === serverId)?.oauth,
    save: (oauth) => store.updateServer(serverId, { oauth }),
  };
}

/** The stored sign-in of the server at this address, for connections made without one (a chat's calls). */
function storedSignIn(url: string): OAuthStorage | undefined {
  const server = getToolSettingsStore()
    .getSnapshot()
    .servers.find((entry: McpServerConfig) => entry.url === url && entry.oauth);
  return server && oauthStorageFor(server.id);
}

async function client(): Promise<typeof import('./mcp-client')> {
  loading ??= import('./mcp-client');
  try {
    return await loading;
  } catch (error) {
    // A chunk that failed to download may load on the next try (the network came back).
    loading = undefined;
    throw error;
  }
}

/** Connects to an MCP server; rejects with an McpFailure (reason code) or the AbortError. */
export async function connectMcpServer(address: McpServerAddress, options?: ConnectOptions): Promise<McpConnection> {
  const { connectWithSdk } = await client();
  const oauth = options?.oauth ?? storedSignIn(address.url);
  return connectWithSdk(address, { ...options, ...(oauth && { oauth }) });
}

/**
 * Signs in to the server with OAuth in `popup`, which the caller opened on the user's click (a
 * popup opened later is blocked); rejects with McpSignInError (closed, denied) or an McpFailure.
 */
export async function signInMcpServer(server: Pick<McpServerConfig, 'id' | 'url'>, popup: Window): Promise<void> {
  const { signInWithPopup } = await client();
  await signInWithPopup(server.url, oauthStorageFor(server.id), popup);
}
