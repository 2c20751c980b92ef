// @vitest-environment node
// MCP OAuth against the real test server (the SDK's auth router, bearer check and an in-memory
// provider that approves at once): the provider's storage, the sign-in's code exchange, the
// refresh of an expired token, and the callback message check.
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectMcpServer, type McpConnection } from '../../../src/chat/mcp';
import { McpSignInError, needsSignIn } from '../../../src/chat/mcp/connect';
import { BrowserOAuthProvider, callbackUrl, signInWithPopup, type OAuthStorage } from '../../../src/chat/mcp/mcp-oauth';
import { CALLBACK_MESSAGE_TYPE, callbackMessageFrom, readCallbackMessage } from '../../../src/chat/mcp/oauth-callback-message';
import { BACKED_UP_SETTINGS } from '../../../src/chat/backup/backup-format';
import { readToolSettings, TOOLS_SETTING, type McpOAuthState } from '../../../src/chat/mcp/tool-settings';
import { startMcpServer, type RunningMcpServer } from '../../support/mcp-server/index.mjs';

const HTTP_FOUND = 302;

let mcp: RunningMcpServer;
const open: McpConnection[] = [];
beforeAll(async () => {
  mcp = await startMcpServer({ oauth: true });
});
afterAll(() => mcp.close());
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

/** A server's settings entry, in memory; `saves` counts the writes. */
function memoryStorage(initial?: McpOAuthState): OAuthStorage & { saves: number } {
  let state = initial;
  const storage = {
    saves: 0,
    load: () => state,
    save: async (next: McpOAuthState) => {
      state = next;
      storage.saves += 1;
    },
  };
  return storage;
}

/** What the popup does: follows the authorization page to its redirect, whose query carries the code. */
async function signIn(storage: OAuthStorage): Promise<void> {
  let authorizeAt: URL | undefined;
  const provider = new BrowserOAuthProvider(storage, callbackUrl('http://app.test/'), { state: 'fixed-state', redirect: (url) => (authorizeAt = url) });
  expect(await auth(provider, { serverUrl: mcp.url })).toBe('REDIRECT');
  expect(authorizeAt?.searchParams.get('code_challenge_method')).toBe('S256');
  const answer = await fetch(authorizeAt!, { redirect: 'manual' });
  expect(answer.status).toBe(HTTP_FOUND);
  const back = new URL(answer.headers.get('location')!);
  expect(back.href.startsWith('http://app.test/oauth-callback.html?')).toBe(true);
  const message = callbackMessageFrom(back.searchParams);
  expect(message.state).toBe('fixed-state');
  expect(await auth(provider, { serverUrl: mcp.url, authorizationCode: message.code! })).toBe('AUTHORIZED');
}

async function connect(storage?: OAuthStorage): Promise<McpConnection> {
  const connection = await connectMcpServer({ url: mcp.url }, { probe: null, ...(storage && { oauth: storage }) });
  open.push(connection);
  return connection;
}

describe('MCP OAuth', () => {
  it('refuses to sign in when the protected-resource metadata names another resource than the server’s address', async () => {
    // The server's origin is a path prefix of its address: the SDK alone would accept it.
    for (const resource of [`${mcp.origin}/`, `${mcp.origin}/other`, 'http://elsewhere.test/mcp']) {
      mcp.setAdvertisedResource(resource);
      let redirected = false;
      const provider = new BrowserOAuthProvider(memoryStorage(), callbackUrl('http://app.test/'), { redirect: () => (redirected = true) });
      const error = await auth(provider, { serverUrl: mcp.url }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(McpSignInError);
      expect(error).toMatchObject({ reason: 'resource', message: `${resource} ≠ ${mcp.url}` });
      expect(redirected).toBe(false);
    }
    mcp.reset();
    // The metadata naming the address itself signs in as before.
    await signIn(memoryStorage());
  });

  it('signs in with the metadata the 401 names: on another origin, naming another resource, it is refused before anything is registered or opened', async () => {
    // A second server on another port: its metadata names its own address, and it is an authorization server too.
    const other = await startMcpServer({ oauth: true });
    mcp.reset();
    const issuedBefore = mcp.issuedAccessTokens().length;
    try {
      mcp.setChallengedMetadata(`${other.origin}/.well-known/oauth-protected-resource/mcp`);
      const storage = memoryStorage();
      // Connecting: the challenge asks for a sign-in (the resource rule already refused the other metadata).
      const failure = await connect(storage).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(needsSignIn(failure)).toBe(true);
      // The popup as the app opens it; were it sent to an authorization page, the user would close it there.
      const sentTo: string[] = [];
      const popup = { closed: false, location: { assign: (url: string) => void (sentTo.push(url), (popup.closed = true)) }, close: () => void (popup.closed = true) };
      const error = await signInWithPopup(mcp.url, storage, popup as unknown as Window).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(McpSignInError);
      expect(error).toMatchObject({ reason: 'resource', message: `${other.url} ≠ ${mcp.url}` });
      expect(sentTo).toEqual([]);
      expect(popup.closed).toBe(true);
      // No authorization server was asked for anything but its public metadata: no registration, no code, no token.
      const asked = (server: RunningMcpServer) => server.requests.map((r) => r.path).filter((path) => !path.startsWith('/.well-known/') && path !== '/mcp');
      expect(asked(other)).toEqual([]);
      expect(asked(mcp)).toEqual([]);
      expect(other.issuedAccessTokens()).toEqual([]);
      expect(mcp.issuedAccessTokens()).toHaveLength(issuedBefore);
      expect(storage.load()?.tokens).toBeUndefined();
      expect([...mcp.requests, ...other.requests].filter((r) => r.headers.authorization !== undefined)).toEqual([]);
    } finally {
      mcp.reset();
      await other.close();
    }
  });

  it('without a sign-in, the OAuth challenge asks for one', async () => {
    const error = await connect().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(needsSignIn(error)).toBe(true);
  });

  it('registers, exchanges the code and keeps the client and tokens in the entry; requests carry the token', async () => {
    const storage = memoryStorage();
    await signIn(storage);
    const stored = storage.load();
    expect(typeof stored?.client?.client_id).toBe('string');
    expect(stored?.client?.redirect_uris).toEqual(['http://app.test/oauth-callback.html']);
    expect(typeof stored?.tokens?.access_token).toBe('string');
    expect(typeof stored?.tokens?.refresh_token).toBe('string');

    const connection = await connect(storage);
    expect((await connection.listTools()).map((tool) => tool.name)).toEqual(['echo', 'fail', 'picture']);
    const last = mcp.requests.filter((request) => request.path === '/mcp').at(-1);
    expect(last?.headers.authorization).toBe(`Bearer ${stored?.tokens?.access_token as string}`);
  });

  it('refreshes an expired token through the provider and saves the new one', async () => {
    const storage = memoryStorage();
    await signIn(storage);
    const first = storage.load()?.tokens?.access_token;
    mcp.expireAccessTokens();
    const connection = await connect(storage);
    const result = await connection.callTool('echo', { text: 'after refresh' });
    expect(result.parts).toEqual([{ type: 'text', text: 'after refresh' }]);
    const renewed = storage.load()?.tokens?.access_token;
    expect(renewed).not.toBe(first);
    expect(mcp.issuedAccessTokens()).toContain(renewed);
  });

  it('a refused token without a way to sign in again asks for sign-in', async () => {
    const storage = memoryStorage({ tokens: { access_token: 'forged', token_type: 'bearer' } });
    const error = await connect(storage).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(needsSignIn(error)).toBe(true);
  });

  it('forgets the tokens but keeps the registration when the SDK invalidates them', async () => {
    const storage = memoryStorage({ client: { client_id: 'c1' }, tokens: { access_token: 'a', token_type: 'bearer' } });
    const provider = new BrowserOAuthProvider(storage, callbackUrl('http://app.test/'));
    await provider.invalidateCredentials('tokens');
    expect(storage.load()).toEqual({ client: { client_id: 'c1' } });
    expect(provider.tokens()).toBeUndefined();
    await provider.invalidateCredentials('all');
    expect(storage.load()).toEqual({});
  });
});

describe('the callback message check', () => {
  // It comes over a BroadcastChannel (no source window): the origin and the secret state are the check.
  const expected = { origin: 'http://app.test', state: 's1' };
  const message = (data: unknown, origin = 'http://app.test') => ({ origin, data }) as MessageEvent;

  it('takes the code on our origin, with our state', () => {
    expect(readCallbackMessage(message({ type: CALLBACK_MESSAGE_TYPE, state: 's1', code: 'abc', error: null }), expected)).toEqual({ code: 'abc' });
  });

  it('ignores another origin, another state or another kind of message', () => {
    const data = { type: CALLBACK_MESSAGE_TYPE, state: 's1', code: 'abc', error: null };
    expect(readCallbackMessage(message(data, 'http://evil.test'), expected)).toBeUndefined();
    expect(readCallbackMessage(message({ ...data, state: 'other' }), expected)).toBeUndefined();
    expect(readCallbackMessage(message({ ...data, type: 'something-else' }), expected)).toBeUndefined();
    expect(readCallbackMessage(message('abc'), expected)).toBeUndefined();
  });

  it('passes on the authorization server’s refusal', () => {
    const query = new URLSearchParams({ state: 's1', error: 'access_denied' });
    expect(readCallbackMessage(message(callbackMessageFrom(query)), expected)).toEqual({ error: 'access_denied' });
  });
});

describe('where the sign-in is kept', () => {
  it('the settings row keeps a server’s sign-in, and that row is not one a backup carries', () => {
    const stored = { servers: [{ id: 's1', url: 'http://x.test/mcp', oauth: { client: { client_id: 'c1' }, tokens: { access_token: 'a', token_type: 'bearer' } } }] };
    expect(readToolSettings(stored).servers[0]?.oauth).toEqual(stored.servers[0]!.oauth);
    expect(readToolSettings({ servers: [{ id: 's2', url: 'http://x.test/mcp' }] }).servers[0]?.oauth).toBeUndefined();
    expect(BACKED_UP_SETTINGS).not.toContain(TOOLS_SETTING);
  });
});
