/** What the sidebar shows (issue 15): each state and reason is a stable code the app words in the user's language. */

export type SyncErrorReason =
  /** The server answers, but not to this page: CouchDB's CORS is off or leaves this origin out. */
  | 'cors'
  /** Wrong user name or password (401/403 on login or on the database). */
  | 'unauthorized'
  /** The database does not exist and this account may not create it. */
  | 'db-missing-no-create'
  /** Nothing answers at the address. */
  | 'network'
  /** The passphrase does not open this database's encryption. */
  | 'wrong-passphrase'
  /** The database is encrypted and no passphrase was given. */
  | 'passphrase-required'
  /** The database's encryption parameters are out of bounds (a hostile server asking for billions of PBKDF2 rounds): refused before any work. */
  | 'crypto-parameters'
  /** A passphrase given for a database that already holds plain (unencrypted) documents. */
  | 'plain-database'
  /** Something answers at the address, but not as CouchDB does (a web page, a model server, a path too deep). */
  | 'not-couchdb'
  | 'unknown';

export type SyncStatus =
  | { state: 'connecting' }
  | { state: 'synced' }
  /** Caught up, but `unapplied` documents from the server are not in storage (broken and skipped, or refused by storage): never "synced" then. */
  | { state: 'incomplete'; unapplied: number }
  /** `done` of `total` documents during a large pull (a first sync): the progress bar's values. */
  | { state: 'syncing'; pending: number; done?: number; total?: number }
  | { state: 'offline-retrying'; reason: SyncErrorReason }
  | { state: 'error'; reason: SyncErrorReason }
  | { state: 'stopped' };

/** The reason behind a failed request, from its HTTP status (PouchDB's errors carry one) or its absence. */
export function reasonOf(error: unknown): SyncErrorReason {
  const status = (error as { status?: number } | null)?.status;
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === undefined || status === 0) return 'network';
  return 'unknown';
}
