/**
 * How Parley replicates with CouchDB: the pull's and the push's options and the retry backoff,
 * written once for the page (sync-controller.ts) and the pull worker (pull-host.ts).
 */

/** The first retry after a failure; each next one waits twice as long, up to the cap. */
const RETRY_FIRST_MS = 1000;
/** A server down for long is asked about once a minute: no storm of requests when it returns. */
const RETRY_MAX_MS = 60_000;

export const nextRetryDelay = (previous: number) => (previous === 0 ? RETRY_FIRST_MS : Math.min(previous * 2, RETRY_MAX_MS));

import type { ChangesFeed } from './changes-feed';

/**
 * The pull brings every document but attachments (`att:`, a file's bytes as a CouchDB attachment):
 * those stay on the server until their chat is opened here (fetchAttachment). The server filters
 * its changes feed by id (CouchDB 2's `filter=_selector`), so the feed carries ids and revisions
 * only and `_bulk_get` downloads each document once.
 */
export const LEAVE_BYTES_ON_SERVER = { _id: { $regex: '^(?!att:)' } };

/**
 * The same, on this side, for a server without `_selector` feeds (changes-feed.ts): PouchDB then
 * asks the feed for every document whole (with its attachments as stubs: no file's bytes), drops
 * the `att:` ones, and `_bulk_get` downloads the others again. The replicator runs the filter a
 * second time on a change the feed has stripped of its document: that one was kept, so it passes.
 */
export const skipAttachmentDocs = (doc: { _id?: unknown }) => typeof doc._id !== 'string' || !doc._id.startsWith('att:');

/**
 * Documents per pull request: 1,000 makes 10 rounds of `_changes`, `_bulk_get` and one replica
 * write per 10,000 documents, not the default 100; with 4 batches fetched ahead, the network
 * and the replica's writes overlap (bench:sync, docs/sync.md "Speed").
 */
const PULL_BATCH_SIZE = 1000;
const PULL_BATCHES_LIMIT = 4;
/** The push's batches: what this device wrote while offline goes in a few requests. */
export const PUSH_BATCH_SIZE = 500;

/** Live, and retrying with backoff when the server goes away. */
export const RETRYING = { live: true, retry: true, back_off_function: nextRetryDelay } as const;

const PULL_BATCHES = { ...RETRYING, batch_size: PULL_BATCH_SIZE, batches_limit: PULL_BATCHES_LIMIT };

/** The pull's options for the feed the server gives. */
export const pullOptions = (feed: ChangesFeed) => (feed === 'selector' ? { ...PULL_BATCHES, selector: LEAVE_BYTES_ON_SERVER } : { ...PULL_BATCHES, filter: skipAttachmentDocs });

/** This device's replica of the server's database: an IndexedDB PouchDB named after both. */
export const localReplicaName = (url: string, db: string) => `parley-sync:${url.replace(/\/+$/, '')}/${db}`;
