import { auth, extractWWWAuthenticateParams, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { resourceUrlFromServerUrl } from '@modelcontextprotocol/sdk/shared/auth-utils.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { McpSignInError } from './connect';
import { CALLBACK_CHANNEL, CALLBACK_PAGE, readCallbackMessage } from './oauth-callback-message';
import type { McpOAuthState } from './tool-settings';

/**
 * OAuth for MCP servers (the MCP authorization spec): dynamic client registration, the
 * authorization-code flow with PKCE in a popup, tokens kept in the server's settings entry, and
 * the refresh the SDK runs through the provider when a token is refused. Loaded with the SDK client.
 */

/** Where a server's sign-in is kept (its settings entry in the app). */
export interface OAuthStorage {
  load(): McpOAuthState | undefined;
  save(next: McpOAuthState): Promise<void>;
}

/** How often the popup is checked for having been closed by the user (no event says so). */
const POPUP_POLL_MS = 300;
/** Random bytes in the `state` parameter: enough that no other page can guess it. */
const STATE_BYTES = 16;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(STATE_BYTES));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface ProviderOptions {
  /** Opens the authorization page; absent where no one can sign in (a chat's call): the SDK then reports 401. */
  redirect?: (url: URL) => void;
  state?: string;
}

/** The SDK's OAuthClientProvider over a server's stored sign-in; the PKCE verifier stays in memory. */
export class BrowserOAuthProvider implements OAuthClientProvider {
  private verifier: string | undefined;
  private readonly stateValue: string;

  constructor(
    private readonly storage: OAuthStorage,
    readonly redirectUrl: string,
    private readonly options: ProviderOptions = {},
  ) {
    this.stateValue = options.state ?? randomState();
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Parley',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      // A page keeps no secret: PKCE protects the code instead.
      token_endpoint_auth_method: 'none',
    };
  }

  state(): string {
    return this.stateValue;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    const client = this.storage.load()?.client;
    return isRecord(client) && typeof client.client_id === 'string' ? (client as OAuthClientInformationMixed) : undefined;
  }

  saveClientInformation(client: OAuthClientInformationMixed): Promise<void> {
    return this.storage.save({ ...this.storage.load(), client: { ...client } });
  }

  tokens(): OAuthTokens | undefined {
    const tokens = this.storage.load()?.tokens;
    return isRecord(tokens) && typeof tokens.access_token === 'string' && typeof tokens.token_type === 'string' ? (tokens as OAuthTokens) : undefined;
  }

  saveTokens(tokens: OAuthTokens): Promise<void> {
    return this.storage.save({ ...this.storage.load(), tokens: { ...tokens } });
  }

  redirectToAuthorization(url: URL): void {
    this.options.redirect?.(url);
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    if (this.verifier === undefined) throw new Error('No sign-in is under way.');
    return this.verifier;
  }

  /**
   * RFC 9728 §3.3 and §7.3: the protected-resource metadata must name the very resource Parley
   * asked about, the server's address. The SDK accepts any resource on its origin whose path is a
   * prefix (`/` for `/mcp`), which would bind the token to more than this server; Parley refuses
   * anything but the address itself, so no token is asked for another resource's audience.
   */
  validateResourceURL(serverUrl: string | URL, resource?: string): Promise<URL | undefined> {
    // No metadata: nothing to check, and no resource parameter (the SDK's own rule).
    if (resource === undefined) return Promise.resolve(undefined);
    const expected = resourceUrlFromServerUrl(serverUrl);
    if (!URL.canParse(resource) || new URL(resource).href !== expected.href) {
      return Promise.reject(new McpSignInError('resource', `${resource} ≠ ${expected.href}`));
    }
    return Promise.resolve(expected);
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    if (scope === 'verifier' || scope === 'discovery') return;
    const { client, tokens } = this.storage.load() ?? {};
    // An empty entry still says "this server signs in with OAuth".
    const next: McpOAuthState = scope === 'all' ? {} : scope === 'client' ? { ...(tokens && { tokens }) } : { ...(client && { client }) };
    await this.storage.save(next);
  }
}

/** Where `callbackUrl` resolves against outside a page (Node tests): any origin does. */
const NO_PAGE_BASE = 'http://localhost/';

/** The callback page's address: next to index.html, wherever the app is served (its <base>). */
export function callbackUrl(base?: string): string {
  return new URL(CALLBACK_PAGE, base ?? (typeof document === 'undefined' ? NO_PAGE_BASE : document.baseURI)).href;
}

/** The code the callback page sends back; rejects when the popup is closed first or the server refused. */
function waitForCode(popup: Window, state: string): { code: Promise<string>; stop(): void } {
  let stop = () => {};
  const code = new Promise<string>((resolve, reject) => {
    let closedSeen = false;
    const channel = new BroadcastChannel(CALLBACK_CHANNEL);
    channel.onmessage = (event: MessageEvent) => {
      const answer = readCallbackMessage(event, { origin: location.origin, state });
      if (!answer) return;
      stop();
      if ('code' in answer) resolve(answer.code);
      else reject(new McpSignInError('denied', answer.error));
    };
    const timer = setInterval(() => {
      if (!popup.closed) return;
      // The callback page sends, then closes: its message may still be on its way; one more tick.
      if (!closedSeen) return void (closedSeen = true);
      stop();
      reject(new McpSignInError('closed'));
    }, POPUP_POLL_MS);
    stop = () => {
      clearInterval(timer);
      channel.close();
    };
  });
  code.catch(() => {});
  return { code, stop };
}

/** Unauthorized, in HTTP: the answer whose WWW-Authenticate names the metadata. */
const HTTP_UNAUTHORIZED = 401;

/**
 * What the server's own 401 says (the MCP authorization spec's challenge): where its
 * protected-resource metadata is (`resource_metadata`, RFC 9728 §5.1, which may be on another
 * origin) and the scope it asks for. The sign-in reads that document, as the connection did, so
 * the resource rule (validateResourceURL) is held against the metadata the server named, not
 * against another one found at the server's well-known address. Nothing is sent but a GET
 * without credentials; its body is not read.
 */
async function challenge(serverUrl: string): Promise<{ resourceMetadataUrl?: URL; scope?: string }> {
  const response = await fetch(serverUrl, { headers: { accept: 'text/event-stream' }, credentials: 'omit' }).catch(() => undefined);
  void response?.body?.cancel().catch(() => {});
  if (response?.status !== HTTP_UNAUTHORIZED) return {};
  const { resourceMetadataUrl, scope } = extractWWWAuthenticateParams(response);
  return { ...(resourceMetadataUrl && { resourceMetadataUrl }), ...(scope && { scope }) };
}

/**
 * Signs in to the MCP server at `serverUrl` in `popup` (openSignInPopup's, on the user's click, so
 * no popup blocker stops it, and disowned, so its pages cannot reach this tab): reads the
 * server's challenge, registers Parley if needed, sends the popup to the authorization page,
 * exchanges the code it brings back (with the PKCE verifier) and saves the tokens.
 */
export async function signInWithPopup(serverUrl: string, storage: OAuthStorage, popup: Window): Promise<void> {
  const state = randomState();
  const provider = new BrowserOAuthProvider(storage, callbackUrl(), { state, redirect: (url) => void (popup.closed || popup.location.assign(url.href)) });
  const answer = waitForCode(popup, state);
  try {
    const challenged = await challenge(serverUrl);
    if ((await auth(provider, { serverUrl, ...challenged })) === 'AUTHORIZED') return;
    const code = await answer.code;
    await auth(provider, { serverUrl, ...challenged, authorizationCode: code });
  } finally {
    answer.stop();
    if (!popup.closed) popup.close();
  }
}
