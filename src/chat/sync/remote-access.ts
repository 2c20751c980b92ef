import { CRYPTO_DOC_ID, CryptoParametersError, toBase64, unlockCryptoDoc, WrongPassphraseError, type CryptoDoc } from '../sync-bridge/sync-crypto';
import type { SyncErrorReason } from './sync-status';

/**
 * Reaching the CouchDB server: credentials on every request, and a first look that tells why it
 * can't be used (the reason codes of sync-status.ts) before replication starts.
 */

export type SyncAuth =
  | { kind: 'none' }
  | { kind: 'basic'; username: string; password: string }
  /** CouchDB's cookie session (POST /_session); the browser keeps the cookie (same site as the page, or SameSite=None). */
  | { kind: 'session'; username: string; password: string };

export type Fetcher = (url: string | URL, init?: RequestInit) => Promise<Response>;

const HTTP_UNAUTHORIZED = 401;
const HTTP_FORBIDDEN = 403;
const HTTP_NOT_FOUND = 404;
/** The database was made by someone else in between: as good as created. */
const HTTP_PRECONDITION_FAILED = 412;

const denied = (status: number) => status === HTTP_UNAUTHORIZED || status === HTTP_FORBIDDEN;

export class RemoteError extends Error {
  constructor(readonly reason: SyncErrorReason) {
    super(`CouchDB: ${reason}`);
    this.name = 'RemoteError';
  }
}

/** A fetch that a page's CORS rules refused, or that found no server: a no-cors request tells them apart. */
async function unreachable(url: string, base: typeof fetch): Promise<RemoteError> {
  try {
    await base(url, { mode: 'no-cors', credentials: 'omit' });
    return new RemoteError('cors');
  } catch {
    return new RemoteError('network');
  }
}

/** A fetch with the credentials `auth` asks for; a session logs in first, and again once when it expires. */
export function authorisedFetch(serverUrl: string, auth: SyncAuth, base: typeof fetch = globalThis.fetch.bind(globalThis)): Fetcher {
  if (auth.kind === 'none') return (url, init) => base(url, init);
  if (auth.kind === 'basic') {
    const header = `Basic ${toBase64(new TextEncoder().encode(`${auth.username}:${auth.password}`))}`;
    return (url, init) => {
      const headers = new Headers(init?.headers);
      headers.set('Authorization', header);
      return base(url, { ...init, headers });
    };
  }
  /** Outside a browser no cookie jar keeps the cookie: it is carried by hand. */
  let cookie: string | undefined;
  const login = async () => {
    const response = await base(`${serverUrl}/_session`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: auth.username, password: auth.password }),
    });
    if (denied(response.status)) throw new RemoteError('unauthorized');
    cookie = response.headers.get('set-cookie')?.split(';')[0] ?? cookie;
  };
  let session: Promise<void> | undefined;
  const send = (url: string | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    if (cookie) headers.set('Cookie', cookie);
    return base(url, { ...init, headers, credentials: 'include' });
  };
  return async (url, init) => {
    session ??= login().catch((error: unknown) => {
      session = undefined;
      throw error;
    });
    await session;
    const response = await send(url, init);
    if (!denied(response.status)) return response;
    session = login();
    await session;
    return send(url, init);
  };
}

/** A JSON body, or undefined when the response holds something else (a web page, nothing). */
async function jsonOf(response: Response): Promise<Record<string, unknown> | undefined> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a response is CouchDB's: a database's information names it (`db_name`), and CouchDB's
 * errors are `{"error": "...", "reason": "..."}` with strings. A static server that answers every
 * path with its page, or an OpenAI-style server's `{"error": {...}}`, is something else.
 */
async function answersAsCouchDb(response: Response, expect: 'info' | 'error'): Promise<boolean> {
  const body = await jsonOf(response);
  if (!body) return false;
  return expect === 'info' ? typeof body.db_name === 'string' : typeof body.error === 'string';
}

/** Checks the database can be used, creating it when missing and allowed; throws a RemoteError with the reason. */
export async function openRemoteDatabase(serverUrl: string, dbUrl: string, fetcher: Fetcher, base: typeof fetch = globalThis.fetch.bind(globalThis)): Promise<void> {
  let response: Response;
  try {
    response = await fetcher(dbUrl);
  } catch (error) {
    if (error instanceof RemoteError) throw error;
    throw await unreachable(serverUrl, base);
  }
  if (response.ok) {
    if (await answersAsCouchDb(response, 'info')) return;
    throw new RemoteError('not-couchdb');
  }
  if (denied(response.status)) throw new RemoteError('unauthorized');
  if (!(await answersAsCouchDb(response, 'error'))) throw new RemoteError('not-couchdb');
  if (response.status !== HTTP_NOT_FOUND) throw new RemoteError('unknown');
  const created = await fetcher(dbUrl, { method: 'PUT' });
  if (created.ok || created.status === HTTP_PRECONDITION_FAILED) return;
  throw new RemoteError(denied(created.status) ? 'db-missing-no-create' : 'unknown');
}

/**
 * The key `passphrase` opens this database with, before anything syncs: undefined for a plain
 * database, or for an empty one the caller then encrypts. Refuses (RemoteError) an encrypted
 * database without its passphrase or with a wrong one, and a passphrase on a database that already
 * holds plain documents (encrypting from then on would leave those readable, and mix both kinds).
 */
export async function unlockDatabase(dbUrl: string, fetcher: Fetcher, passphrase: string | undefined): Promise<CryptoKey | undefined> {
  const response = await fetcher(`${dbUrl}/${encodeURIComponent(CRYPTO_DOC_ID)}`);
  if (denied(response.status)) throw new RemoteError('unauthorized');
  if (response.ok) {
    if (!passphrase) throw new RemoteError('passphrase-required');
    try {
      return await unlockCryptoDoc((await response.json()) as CryptoDoc, passphrase);
    } catch (error) {
      if (error instanceof CryptoParametersError) throw new RemoteError('crypto-parameters');
      throw error instanceof WrongPassphraseError ? new RemoteError('wrong-passphrase') : error;
    }
  }
  if (response.status !== HTTP_NOT_FOUND) throw new RemoteError('unknown');
  if (!passphrase) return undefined;
  const info = await fetcher(dbUrl);
  if (!info.ok) throw new RemoteError(denied(info.status) ? 'unauthorized' : 'unknown');
  if (((await info.json()) as { doc_count?: number }).doc_count) throw new RemoteError('plain-database');
  return undefined;
}
