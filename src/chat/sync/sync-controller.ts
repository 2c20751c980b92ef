import type { PouchDatabase, PouchReplication } from 'pouchdb-core';
import PouchDB from './pouchdb-with-replication';
import type { StoredAttachment } from '../persistence';
import type { ChatPersistence } from '../persistence';
import { createCryptoDoc, createSyncBridge, encryptedCodec, plainCodec, WrongPassphraseError, type DocCodec, type LibrarySink, type SyncBridge } from '../sync-bridge';
import { authorisedFetch, openRemoteDatabase, RemoteError, unlockDatabase, type Fetcher, type SyncAuth } from './remote-access';
import { createSyncProgress } from './sync-progress';
import type { SyncRefusal } from './sync-notices';
import { reasonOf, type SyncStatus } from './sync-status';
import { localReplicaName, pullOptions, PUSH_BATCH_SIZE, RETRYING } from './replication-options';
import { readChangesFeed, type ChangesFeed } from './changes-feed';
import { startWorkerPull, type PullWorkerLike } from './worker-pull';

/**
 * Turns sync on: checks the server, unlocks (or sets up) encryption, exports every chat to the
 * local PouchDB and replicates it both ways, live, retrying with backoff when the server goes
 * away. Loaded only when sync is on (index.ts imports it lazily), with PouchDB behind it.
 */

export { nextRetryDelay } from './replication-options';

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
  /**
   * Starts the worker the pull runs in (pull-worker.ts); by default the build's, when this is the
   * default replica in IndexedDB and the browser has workers. Without one the pull runs on the page.
   */
  pullWorker?: () => PullWorkerLike;
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

const loadReplicaAdapter = () => import('pouchdb-adapter-idb');
/** Fetches the replica's adapter ahead of openLocal (sync is about to start). */
export const preloadReplica = async (): Promise<void> => void (await loadReplicaAdapter());

async function openLocal(name: string): Promise<PouchDatabase> {
  const { default: idbAdapter } = await loadReplicaAdapter();
  PouchDB.plugin(idbAdapter);
  return new PouchDB(name, { adapter: 'idb' });
}

/** Set by build.mjs: the pull worker's address relative to <base>; absent in unit tests (the pull runs on the page). */
declare const __PARLEY_SYNC_WORKER__: string | undefined;

/**
 * The build's pull worker, when there is one and the browser can run it. Read here, where sync
 * starts, not set by the app after its first screen: a person quick to turn sync on would
 * otherwise get the pull on the page.
 */
function defaultPullWorker(): (() => PullWorkerLike) | undefined {
  if (typeof __PARLEY_SYNC_WORKER__ !== 'string' || typeof Worker !== 'function') return undefined;
  // A worker's address resolves against the page, not <base>.
  const url = new URL(__PARLEY_SYNC_WORKER__, document.baseURI).href;
  return () => new Worker(url, { type: 'module', name: 'parley-pull' }) as unknown as PullWorkerLike;
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
  let feed: ChangesFeed;
  const remote = new PouchDB(dbUrl, { fetch: fetcher, skip_setup: true });
  try {
    await openRemoteDatabase(serverUrl, dbUrl, fetcher, base);
    feed = await readChangesFeed(serverUrl, fetcher);
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
  const pullOnPage = () => local.replicate.from(remote, pullOptions(feed));
  const startWorker = options.pullWorker ?? (options.local ? undefined : defaultPullWorker());
  const pull: PouchReplication & { close?(): void } = startWorker ? startWorkerPull(startWorker, { replica: local.name, serverUrl, dbUrl, auth: options.auth, feed }, pullOnPage) : pullOnPage();
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
    push = watch(local.replicate.to(remote, { ...RETRYING, batch_size: PUSH_BATCH_SIZE, ...(since !== undefined && { since }) }), 'push');
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
    pull.close?.();
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
