/**
 * What the page and the pull worker say to each other (pull-worker.ts): the page starts and
 * cancels the pull; the worker reports PouchDB's replication events, each pulled batch with its
 * documents (a first sync hands them to the bridge as they are: first-pull.ts).
 */
import type { PouchDoc } from 'pouchdb-core';
import type { ChangesFeed } from './changes-feed';
import type { SyncAuth } from './remote-access';

export interface PullStart {
  type: 'start';
  /** The replica's PouchDB name (an IndexedDB database the page has opened already). */
  replica: string;
  /** The server without the database, and the database's address: as sync-controller.ts builds them. */
  serverUrl: string;
  dbUrl: string;
  /** The credentials stay on this device: the worker is this page's own thread. */
  auth: SyncAuth;
  /** What the server's changes feed can filter (the page read it before sync started). */
  feed: ChangesFeed;
}

export type PageToPull = PullStart | { type: 'cancel' };

/** A failed request as much as the page needs of it: its HTTP status tells the reason (sync-status.ts). */
export interface WireError {
  status?: number;
  name?: string;
  message?: string;
}

export type PullEvent =
  /** The worker's code has loaded: from here, a failure is the pull's, not the worker's. */
  | { type: 'ready' }
  | { type: 'active' }
  /** Part of a batch, its `change` to follow: a 1,000-document message takes the page one long task to read. */
  | { type: 'docs'; docs: PouchDoc[] }
  /** A batch written to the replica: its last documents (after any `docs` parts). */
  | { type: 'change'; docs: PouchDoc[]; pending?: number }
  | { type: 'paused'; error?: WireError }
  | { type: 'error'; error: WireError }
  | { type: 'complete' };

/** Documents per message: reading one takes the page a few milliseconds. */
export const DOCS_PER_MESSAGE = 200;

export function toWireError(error: unknown): WireError {
  const { status, name, message } = (error ?? {}) as { status?: unknown; name?: unknown; message?: unknown };
  return {
    ...(typeof status === 'number' && { status }),
    ...(typeof name === 'string' && { name }),
    ...(typeof message === 'string' && { message }),
  };
}
