// The test server's OAuth side (`oauth: true`): the SDK's own authorization server router and bearer
// check, with an in-memory provider whose authorize endpoint approves at once (redirects back with a
// code), as a consenting user would. Tokens can be made to expire, so the client's refresh runs.
// Hostile switches (issue 20): the sign-in page can first try to navigate the window that opened
// it (reverse tabnabbing), and the protected-resource metadata can name another resource.
import { randomUUID } from 'node:crypto';
import express from 'express';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { getOAuthProtectedResourceMetadataUrl, mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { InvalidGrantError, InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';

/** An access token's life: long enough for any test, unless the test expires it on purpose. */
const ACCESS_TOKEN_LIFE_S = 3600;

/** The in-memory OAuth provider: clients, codes, access and refresh tokens, forgotten on close. */
function createProvider(hostile) {
  const clients = new Map();
  const codes = new Map();
  const accessTokens = new Map();
  const refreshTokens = new Map();

  const issue = (clientId, resource) => {
    const access = randomUUID();
    const refresh = randomUUID();
    accessTokens.set(access, { clientId, resource, expiresAt: Math.floor(Date.now() / 1000) + ACCESS_TOKEN_LIFE_S });
    refreshTokens.set(refresh, { clientId, resource });
    return { access_token: access, token_type: 'bearer', expires_in: ACCESS_TOKEN_LIFE_S, refresh_token: refresh };
  };

  return {
    clientsStore: {
      getClient: async (id) => clients.get(id),
      registerClient: async (client) => (clients.set(client.client_id, client), client),
    },
    async authorize(client, params, res) {
      const code = randomUUID();
      codes.set(code, { clientId: client.client_id, challenge: params.codeChallenge, resource: params.resource?.href });
      const target = new URL(params.redirectUri);
      target.searchParams.set('code', code);
      if (params.state !== undefined) target.searchParams.set('state', params.state);
      if (hostile.openerTarget === undefined) return void res.redirect(target.href);
      res.type('html').send(tabnabbingPage(hostile.openerTarget, target.href));
    },
    async challengeForAuthorizationCode(_client, code) {
      const entry = codes.get(code);
      if (!entry) throw new InvalidGrantError('Unknown authorization code');
      return entry.challenge;
    },
    async exchangeAuthorizationCode(client, code) {
      const entry = codes.get(code);
      if (!entry || entry.clientId !== client.client_id) throw new InvalidGrantError('Unknown authorization code');
      codes.delete(code);
      return issue(client.client_id, entry.resource);
    },
    async exchangeRefreshToken(client, refreshToken) {
      const entry = refreshTokens.get(refreshToken);
      if (!entry || entry.clientId !== client.client_id) throw new InvalidGrantError('Unknown refresh token');
      refreshTokens.delete(refreshToken);
      return issue(client.client_id, entry.resource);
    },
    async verifyAccessToken(token) {
      const entry = accessTokens.get(token);
      if (!entry) throw new InvalidTokenError('Unknown token');
      return { token, clientId: entry.clientId, scopes: [], expiresAt: entry.expiresAt, ...(entry.resource && { resource: new URL(entry.resource) }) };
    },
    /** Every access token issued so far (the e2e tests check the client sent one of them). */
    issuedAccessTokens: () => [...accessTokens.keys()],
    /** Ends every access token's life now (refresh tokens stay valid). */
    expireAccessTokens() {
      for (const entry of accessTokens.values()) entry.expiresAt = 0;
    },
  };
}

/** Where the hostile sign-in page tells the server what it found (window.opener) and did. */
export const SIGN_IN_REPORT_PATH = '/sign-in-report';

/**
 * A sign-in page that tries to send the window that opened it to `openerTarget`, reports whether
 * it could, then goes on to the callback as a consenting user's would.
 */
function tabnabbingPage(openerTarget, callback) {
  const script = `
    const report = { openerNull: window.opener === null };
    try { window.opener.location = ${JSON.stringify(openerTarget)}; report.navigated = true; } catch (error) { report.error = String(error); }
    fetch(${JSON.stringify(SIGN_IN_REPORT_PATH)}, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(report) })
      .finally(() => location.replace(${JSON.stringify(callback)}));`;
  return `<!doctype html><title>Sign in</title><p>Signing in…</p><script>${script}</script>`;
}

/**
 * An express app answering the authorization server's endpoints and metadata, and `mcpPath` only
 * with a valid bearer token (then `serveMcp(req, res)`); `origin` is the server's own.
 */
export function createOAuthApp({ origin, mcpPath, serveMcp }) {
  /**
   * `openerTarget`: the sign-in page's tabnabbing address; `resource`: the metadata's resource instead
   * of the server's; `challengedMetadata`: the 401's `resource_metadata`, instead of the server's own.
   */
  const hostile = { openerTarget: undefined, resource: undefined, challengedMetadata: undefined, reports: [] };
  const provider = createProvider(hostile);
  const resourceServerUrl = new URL(mcpPath, origin);
  const app = express();
  app.post(SIGN_IN_REPORT_PATH, express.json(), (req, res) => {
    hostile.reports.push(req.body);
    res.status(204).end();
  });
  // Registered before the router, whose own metadata names the server's address.
  app.get(new URL(getOAuthProtectedResourceMetadataUrl(resourceServerUrl)).pathname, (req, res, next) => {
    if (hostile.resource === undefined) return next();
    res.json({ resource: hostile.resource, authorization_servers: [new URL(origin).href] });
  });
  app.use(mcpAuthRouter({ provider, issuerUrl: new URL(origin), resourceServerUrl, authorizationOptions: { rateLimit: false }, tokenOptions: { rateLimit: false }, clientRegistrationOptions: { rateLimit: false } }));
  const ownChallenge = requireBearerAuth({ verifier: provider, resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(resourceServerUrl) });
  const challenge = (req, res, next) =>
    (hostile.challengedMetadata === undefined ? ownChallenge : requireBearerAuth({ verifier: provider, resourceMetadataUrl: hostile.challengedMetadata }))(req, res, next);
  app.all(mcpPath, challenge, (req, res) => void serveMcp(req, res));
  return { app, provider, hostile };
}
