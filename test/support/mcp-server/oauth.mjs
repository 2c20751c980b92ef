// The test server's OAuth side (`oauth: true`): the SDK's own authorization server router and bearer
// check, with an in-memory provider whose authorize endpoint approves at once (redirects back with a
// code), as a consenting user would. Tokens can be made to expire, so the client's refresh runs.
import { randomUUID } from 'node:crypto';
import express from 'express';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { getOAuthProtectedResourceMetadataUrl, mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { InvalidGrantError, InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';

/** An access token's life: long enough for any test, unless the test expires it on purpose. */
const ACCESS_TOKEN_LIFE_S = 3600;

/** The in-memory OAuth provider: clients, codes, access and refresh tokens, forgotten on close. */
function createProvider() {
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
      res.redirect(target.href);
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

/**
 * An express app answering the authorization server's endpoints and metadata, and `mcpPath` only
 * with a valid bearer token (then `serveMcp(req, res)`); `origin` is the server's own.
 */
export function createOAuthApp({ origin, mcpPath, serveMcp }) {
  const provider = createProvider();
  const resourceServerUrl = new URL(mcpPath, origin);
  const app = express();
  app.use(mcpAuthRouter({ provider, issuerUrl: new URL(origin), resourceServerUrl, authorizationOptions: { rateLimit: false }, tokenOptions: { rateLimit: false }, clientRegistrationOptions: { rateLimit: false } }));
  app.all(mcpPath, requireBearerAuth({ verifier: provider, resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(resourceServerUrl) }), (req, res) => void serveMcp(req, res));
  return { app, provider };
}
