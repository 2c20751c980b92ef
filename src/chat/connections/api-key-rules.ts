import type { Connection } from './connection';

/**
 * Where an API key may go (issue: a key reached a server the user never entered). A key is sent
 * only to the address it was confirmed for (`apiKeyUrl`); these pure rules keep that true through
 * every edit, and keep a session-only key out of storage.
 */

export interface KeyInputs {
  /** The key after the edit (trimmed; undefined: none). */
  apiKey: string | undefined;
  /** The key was typed anew in this edit (not the one already stored). */
  keyChanged: boolean;
  /** The address after the edit. */
  baseUrl: string;
  /** The address stays unconfirmed after the edit: nothing is sent, nothing is bound. */
  pending: boolean;
  /** The user answered "keep the key for the new address". */
  keepKey: boolean;
}

export type KeyBinding = Pick<Connection, 'apiKey' | 'apiKeyUrl'>;

/**
 * The key and the address it is bound to after an edit. A key typed anew (or never confirmed
 * anywhere) binds to the address once that address is confirmed; a key bound to another address
 * moves only when the user said so, and is dropped otherwise.
 */
export function bindKey(current: KeyBinding, next: KeyInputs): KeyBinding {
  if (!next.apiKey) return {};
  const boundTo = next.keyChanged ? undefined : current.apiKeyUrl;
  if (next.pending || boundTo === next.baseUrl) return { apiKey: next.apiKey, ...(boundTo !== undefined && { apiKeyUrl: boundTo }) };
  if (boundTo === undefined || next.keepKey) return { apiKey: next.apiKey, apiKeyUrl: next.baseUrl };
  return {};
}

/** Whether confirming `baseUrl` would move a key that was confirmed for another address: the user must be asked. */
export function keyMoveNeedsConsent(connection: KeyBinding, baseUrl: string, typedKey: string | undefined): boolean {
  const key = typedKey?.trim();
  return !!key && key === connection.apiKey && connection.apiKeyUrl !== undefined && connection.apiKeyUrl !== baseUrl;
}

/** The connection as it is written to storage: a session-only key stays in memory. */
export function storable(connection: Connection): Connection {
  if (connection.keyStorage !== 'session' || connection.apiKey === undefined) return connection;
  const { apiKey: _key, apiKeyUrl: _url, ...rest } = connection;
  return rest;
}

/** A session-only key that is gone (the page was reloaded): the connection asks for it again. */
export function keyNeedsReentry(connection: Connection): boolean {
  return connection.keyStorage === 'session' && connection.apiKey === undefined;
}
