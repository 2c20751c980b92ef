import PouchDB, { type PouchDatabase, type PouchReplication } from 'pouchdb-core';
import httpAdapter from 'pouchdb-adapter-http';
import replication from 'pouchdb-replication';
import type { StoredAttachment } from '../persistence';
import type { ChatPersistence } from '../persistence';
import { encryptedCodec, plainCodec, type DocCodec } from './doc-codec';
import { authorisedFetch, openRemoteDatabase, RemoteError, unlockDatabase, type Fetcher, type SyncAuth } from './remote-access';
import { createSyncBridge, type LibrarySink, type SyncBridge } from './sync-bridge';
import { createCryptoDoc, WrongPassphraseError } from './sync-crypto';
import { createSyncProgress } from './sync-progress';
import type { SyncRefusal } from './sync-notices';
import { reasonOf, type SyncStatus } from './sync-status';

/**
 * Turns sync on: checks the server, unlocks (or sets up) encryption, exports every chat to the
 * local PouchDB and replicates it both ways, live, retrying with backoff when the server goes
 * away. Loaded only when sync is on (index.ts imports it lazily), with PouchDB behind it.
 */

PouchDB.plugin(httpAdapter).plugin(replication);

/** The first retry after a failure; each next one waits twice as long, up to the cap. */
const RETRY_FIRST_MS = 1000;
/** A server down for long is asked about once a minute: no storm of requests when it returns. */
const RETRY_MAX_MS = 60_000;

export const nextRetryDelay = (previous: number) => (previous === 0 ? RETRY_FIRST_MS : Math.min(previous * 2, RETRY_MAX_MS));

export interface StartSyncOptions {
  /** The CouchDB server's address, without the database: https://couch.example.com */
  url: string;
  db: string;
  auth: SyncAuth;
  /** End-to-end encryption: the same passphrase on every device. */
  passphrase?: string;
  persistence: ChatPersistence;
  announce(chatIds: readonly string[]): void;
  onStatus(status: SyncStatus): void;
  /** Encrypted sync: a change from the server refused (older than seen here, an unsigned deletion, or one that does not open). */
  onRefused?(refusal: SyncRefusal): void;
  /** Where library rows from other devices go (the app's library store); by default straight into `persistence`. */
  library?: LibrarySink;
  /** This device's replica; by default an IndexedDB PouchDB named after the server and database. */
  local?: PouchDatabase;
  fetch?: typeof fetch;
}

export interface SyncHandle {
  /** The store's hook: a chat changed here (row, messages, attachments, deletion). */
  exportChat(chatId: string): Promise<void>;
  /** The library store's hook: a row written or deleted here. */
  exportLibrary(rowId: string): Promise<void>;
  /** Stops replicating; local data and the replica stay (turning sync off). */
  stop(): Promise<void>;
  /** Stops and deletes the replica and its checkpoints ("Forget this server"); chats stay. */
  forget(): Promise<void>;
  /** An attachment of `chatId` not stored here, read from the server and kept (undefined when the server has none). */
  fetchAttachment(chatId: string, attachmentId: string): Promise<StoredAttachment | undefined>;
  readonly bridge?: SyncBridge;
}

/** How long stopping waits for the replication to wind down before closing anyway. */
const STOP_WAIT_MS = 5000;

/**
 * The pull brings every document but attachments (`att:`, a file's bytes as a CouchDB attachment):
 * those stay on the server until their chat is opened here (fetchAttachment). The server filters
 * its changes feed by id (CouchDB 2's `filter=_selector`), so the feed carries ids and revisions
 * only and `_bulk_get` downloads each document once. (A function filter runs on this side: the
 * feed then carries every document whole, and `_bulk_get` downloads it again.)
 */
export const LEAVE_BYTES_ON_SERVER = { _id: { $regex: '^(?!att:)' } };

/**
 * Documents per pull request: 1,000 makes 10 rounds of `_changes`, `_bulk_get` and one replica
 * write per 10,000 documents, not the default 100; with 4 batches fetched ahead, the network
 * and the replica's writes overlap (bench:sync, docs/sync.md "Speed").
 */
const PULL_BATCH_SIZE = 1000;
const PULL_BATCHES_LIMIT = 4;
/** The push's batches: what this device wrote while offline goes in a few requests. */
const PUSH_BATCH_SIZE = 500;

export const localReplicaName = (url: string, db: string) => `parley-sync:${url.replace(/\/+$/, '')}/${db}`;

const loadReplicaAdapter = () => import('pouchdb-adapter-idb');
/** Fetches the replica's adapter ahead of openLocal (sync is about to start). */
export const preloadReplica = async (): Promise<void> => void (await loadReplicaAdapter());

async function openLocal(name: string): Promise<PouchDatabase> {
  const { default: idbAdapter } = await loadReplicaAdapter();
  PouchDB.plugin(idbAdapter);
  return new PouchDB(name, { adapter: 'idb' });
}

/** "Forget this server" while sync is off: deletes the replica (and its checkpoints) only. */
export async function forgetReplica(url: string, db: string): Promise<void> {
  await (await openLocal(localReplicaName(url.replace(/\/+$/, ''), db))).destroy();
}

/** The codec this database needs: plain, or the key the passphrase unlocks (an empty database gets new parameters). */
async function chooseCodec(remote: PouchDatabase, dbUrl: string, fetcher: Fetcher, passphrase: string | undefined): Promise<DocCodec> {
  const key = await unlockDatabase(dbUrl, fetcher, passphrase);
  if (key) return encryptedCodec(key);
  if (!passphrase) return plainCodec;
  const { doc, key: fresh } = await createCryptoDoc(passphrase);
  await remote.put(doc);
  return encryptedCodec(fresh);
}

export async function startSync(options: StartSyncOptions): Promise<SyncHandle> {
  const base = options.fetch ?? globalThis.fetch.bind(globalThis);
  const serverUrl = options.url.replace(/\/+$/, '');
  const dbUrl = `${serverUrl}/${encodeURIComponent(options.db)}`;
  const fetcher = authorisedFetch(serverUrl, options.auth, base);
  const local = options.local ?? (await openLocal(localReplicaName(serverUrl, options.db)));
  const failed = (reason: SyncStatus & { state: 'error' }) => {
    options.onStatus(reason);
    const forget = async () => void (await local.destroy());
    return { exportChat: async () => {}, exportLibrary: async () => {}, stop: async () => {}, forget, fetchAttachment: async () => undefined };
  };
  options.onStatus({ state: 'connecting' });
  let codec: DocCodec;
  const remote = new PouchDB(dbUrl, { fetch: fetcher, skip_setup: true });
  try {
    await openRemoteDatabase(serverUrl, dbUrl, fetcher, base);
    codec = await chooseCodec(remote, dbUrl, fetcher, options.passphrase);
  } catch (error) {
    if (error instanceof WrongPassphraseError) return failed({ state: 'error', reason: 'wrong-passphrase' });
    return failed({ state: 'error', reason: error instanceof RemoteError ? error.reason : reasonOf(error) });
  }

  /** Documents a first sync will bring (the server's count, when this replica starts empty): the progress bar's end. */
  const before = await local.info();
  const firstSync = before.doc_count === 0;
  const expected = firstSync ? await remote.info().then((info) => info.doc_count, () => 0) : 0;
  let stopped = false;
  const report = (status: SyncStatus) => !stopped && options.onStatus(status);
  const progress = createSyncProgress({ expected, report });
  const bridge = createSyncBridge({
    persistence: options.persistence,
    local,
    codec,
    announce: options.announce,
    onProgress: progress.applied,
    onRefused: options.onRefused,
    ...(options.library && { library: options.library }),
    freshReplica: Number(before.update_seq) === 0,
  });
  bridge.start();
  await bridge.exportAll();
  const retrying = { live: true, retry: true, back_off_function: nextRetryDelay };
  const pull = local.replicate.from(remote, { ...retrying, batch_size: PULL_BATCH_SIZE, batches_limit: PULL_BATCHES_LIMIT, selector: LEAVE_BYTES_ON_SERVER });
  let push: PouchReplication | undefined;
  /** A direction's last failed request, and whether it is paused: sync is paused when both are. */
  const failures: Partial<Record<'push' | 'pull', unknown>> = {};
  const paused: Record<'push' | 'pull', boolean> = { push: false, pull: false };
  const reportFailure = (error: unknown) => {
    const reason = reasonOf(error);
    progress.interrupted();
    report(reason === 'network' ? { state: 'offline-retrying', reason } : { state: 'error', reason });
  };
  /** A first sync is not over before the pull has brought something: PouchDB may pause once before its first batch. */
  let pulled = expected === 0;
  const bothPaused = () => {
    const failure = failures.push ?? failures.pull;
    if (failure) reportFailure(failure);
    else if (pulled) void local.info().then((info) => progress.replicated(Number(info.update_seq) || 0), () => undefined);
  };
  /** The bridge follows the replica's feed (it took a first sync's batches from the pull until the pull first caught up). */
  let following = false;
  const completed = { push: false, pull: false };
  let finish = () => {};
  const replicationDone = new Promise<void>((resolve) => (finish = resolve));
  const watch = (replication: PouchReplication, direction: 'push' | 'pull') =>
    replication
      .on('active', () => {
        failures[direction] = undefined;
        paused[direction] = false;
        progress.replicating();
      })
      .on('change', (info) => {
        if (direction === 'pull') {
          pulled = true;
          bridge.pulled(info.docs ?? []);
        }
        progress.replicating(direction === 'pull' ? info.pending : undefined);
      })
      .on('paused', (error) => {
        failures[direction] = error;
        paused[direction] = true;
        if (error) reportFailure(error);
        if (direction === 'pull' && !following) {
          // Read now, in the pause: no batch is being written, so the feed takes over exactly where pulled() leaves off.
          following = true;
          void local.info().then(
            (info) => bridge.follow(Number.isFinite(Number(info.update_seq)) ? Number(info.update_seq) : undefined),
            () => bridge.follow(),
          );
        }
        if (direction === 'pull' && !push) void startPush(!error);
        else if (paused.push && paused.pull) bothPaused();
      })
      .on('error', (error) => reportFailure(error))
      .on('complete', () => {
        completed[direction] = true;
        if (completed.pull && (completed.push || !push)) finish();
      });
  /**
   * The push starts once the pull has first caught up, so it does not ask the server about each
   * batch the pull just wrote (a `_revs_diff` per batch). When the replica was empty and the
   * bridge has written nothing to it, everything in it came from the server: the push starts
   * after it (`since`), and a first sync's documents are never offered back.
   */
  async function startPush(caughtUp: boolean): Promise<void> {
    let since: number | undefined;
    if (caughtUp && firstSync && bridge.localWrites() === 0) {
      const seq = Number((await local.info().catch(() => undefined))?.update_seq);
      if (bridge.localWrites() === 0 && Number.isFinite(seq)) since = seq;
    }
    if (stopped || push) return;
    push = watch(local.replicate.to(remote, { ...retrying, batch_size: PUSH_BATCH_SIZE, ...(since !== undefined && { since }) }), 'push');
  }
  watch(pull, 'pull');

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    pull.cancel();
    push?.cancel();
    bridge.stop();
    // Wait for the replication to wind down and close the remote: a request still in flight
    // (a retry's probe) would otherwise fail later with no one to hear it.
    await Promise.race([replicationDone, new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS))]);
    await bridge.idle();
    await remote.close().catch(() => {});
    options.onStatus({ state: 'stopped' });
  };
  return {
    bridge,
    exportChat: (chatId) => (stopped ? Promise.resolve() : bridge.exportChat(chatId)),
    exportLibrary: (rowId) => (stopped ? Promise.resolve() : bridge.exportLibrary(rowId)),
    fetchAttachment: (chatId, attachmentId) => (stopped ? Promise.resolve(undefined) : bridge.fetchAttachment(remote, chatId, attachmentId)),
    stop,
    async forget() {
      await stop();
      await local.destroy();
    },
  };
}
