import { announceReplicatedChats } from '../tabs';
import type { ChatStore } from '../store';
import { getChatStore } from '../store';
import { onLocalChange } from '../tabs';
import type { ChangesFeed } from './changes-feed';
import type { SyncAuth } from './remote-access';
import type { StartSyncOptions, SyncHandle } from './sync-controller';
import type { SyncErrorReason } from './sync-status';
import { SYNC_SETTING } from './sync-setting';
import { setMissingAttachmentFetcher } from '../store/missing-attachments';
import { getLibraryStore, type LibrarySnapshot, type LibraryStore } from '../library';
import type { LibraryRecord } from '../types';
import { addSyncRefusal, clearSyncNotices } from './sync-notices';
import { getSyncStatus, setSyncStatus, type SyncStatusSnapshot } from './sync-status-store';
import { askLeaderToFetch, leadWhenElected, openSyncChannel, type Leadership, type SyncChannel } from './sync-leader';

/**
 * Sync as the app uses it (issue 15): the server's settings, kept in the settings store (never in
 * a backup: backups carry only the rows they name), "Test", turning sync on and off, forgetting
 * the server, and the store's hook: this tab's own writes are exported, coalesced per chat.
 * PouchDB-free: the engine loads when sync starts.
 */

// The settings row holds the password and passphrase: they stay in this browser, like API keys.
export { SYNC_SETTING };

/** Writes to one chat come in bursts (a message, then its chat's row): one export after the burst. */
export const EXPORT_COALESCE_MS = 300;

export interface SyncConfig {
  /** The CouchDB server, without the database: https://couch.example.com */
  url: string;
  db: string;
  auth: SyncAuth;
  passphrase?: string;
  enabled: boolean;
}

/** `feed`: whether the server filters its changes feed, or the pull skips files itself (changes-feed.ts). */
export type SyncTestResult = { ok: true; feed: ChangesFeed } | { ok: false; reason: SyncErrorReason };

export interface SyncService {
  readConfig(): Promise<SyncConfig | undefined>;
  /** Checks the server as sync would (creating the database when missing and allowed), without syncing. */
  test(config: Omit<SyncConfig, 'enabled'>): Promise<SyncTestResult>;
  turnOn(config: Omit<SyncConfig, 'enabled'>): Promise<void>;
  /** Stops syncing; chats, the replica and the settings stay. */
  turnOff(): Promise<void>;
  /** Stops and removes the replica and the server's settings; chats stay. */
  forget(): Promise<void>;
  /** At boot: starts sync when it was on. */
  resume(): Promise<void>;
}

type SyncStore = Pick<ChatStore, 'getSetting' | 'putSetting' | 'attachmentHost' | 'getSnapshot'>;

/** The chat whose loaded messages show this file: only an opened chat's files are fetched. */
function chatShowing(store: SyncStore, attachmentId: string): string | undefined {
  for (const [chatId, messages] of store.getSnapshot().messages) {
    if (messages.some((message) => message.attachments?.some((ref) => ref.id === attachmentId))) return chatId;
  }
  return undefined;
}

export interface SyncServiceOptions {
  store?: SyncStore;
  announce?(chatIds: readonly string[]): void;
  /** The user's library (issue 23): its local changes are exported, rows from other devices applied through it. */
  library?: Pick<LibraryStore, 'applyRemote' | 'onLocalChange' | 'subscribe' | 'getSnapshot'>;
  /** Options the tests add (a fetch, an in-memory replica). */
  extra?: Partial<StartSyncOptions>;
  /** The browser's Web Locks (tests pass their own; without them this tab always leads). */
  locks?: Parameters<typeof leadWhenElected>[1];
  /** How the tabs talk about sync (tests pass their own). */
  channel?: SyncChannel;
}

/** Every row a library snapshot holds, by id. */
function rowsOf(snapshot: LibrarySnapshot): Map<string, LibraryRecord> {
  const rows = [snapshot.instructions, snapshot.defaults, ...snapshot.presets, ...snapshot.projects, ...snapshot.prompts];
  return new Map(rows.flatMap((row) => (row ? [[row.id, row] as const] : [])));
}

export function createSyncService({ store = getChatStore(), announce = announceReplicatedChats, library = getLibraryStore(), extra = {}, locks, channel = openSyncChannel() }: SyncServiceOptions = {}): SyncService {
  let handle: SyncHandle | undefined;
  let leadership: Leadership | undefined;
  let stopListening = () => {};
  const pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The status this tab last showed as the leader: a follower that opens later asks for it. */
  let leading = false;

  const flush = () => {
    timer = undefined;
    const ids = [...pending];
    pending.clear();
    for (const chatId of ids) void handle?.exportChat(chatId).catch(() => {});
  };
  const queueExport = (chatId: string) => {
    pending.add(chatId);
    timer ??= setTimeout(flush, EXPORT_COALESCE_MS);
  };
  const showStatus = (status: SyncStatusSnapshot) => {
    setSyncStatus(status);
    if (leading) channel.post({ type: 'status', status });
  };

  const halt = async () => {
    setMissingAttachmentFetcher(undefined);
    stopListening();
    stopListening = () => {};
    const running = leadership;
    leadership = undefined;
    await running?.release();
  };

  /** This tab replicates (it holds the lock): the engine starts, and this tab's and the followers' writes are exported. */
  const lead = async (config: Omit<SyncConfig, 'enabled'>) => {
    const { startSync } = await import('./sync-controller');
    const persistence = await store.attachmentHost().persistence();
    leading = true;
    handle = await startSync({
      url: config.url,
      db: config.db,
      auth: config.auth,
      ...(config.passphrase ? { passphrase: config.passphrase } : {}),
      persistence,
      announce,
      onStatus: (status) => showStatus(status.state === 'stopped' ? { state: 'off' } : status),
      onRefused: addSyncRefusal,
      library,
      ...extra,
    });
    setMissingAttachmentFetcher(async (attachmentId) => {
      const chatId = chatShowing(store, attachmentId);
      return chatId ? handle?.fetchAttachment(chatId, attachmentId) : undefined;
    });
    // A library row is written whole, once per edit: exported at once, no burst to wait for.
    const exportRow = (id: string) => void handle?.exportLibrary(id).catch(() => {});
    const stopLibrary = library.onLocalChange((change) => exportRow(change.id));
    // Rows a restore, an import or another tab wrote behind the store's back show when it reads them
    // again (reload): each row that changed is exported too (one already on the server is not written again).
    let shown = rowsOf(library.getSnapshot());
    const stopReloads = library.subscribe(() => {
      const now = rowsOf(library.getSnapshot());
      for (const [id, row] of now) if (shown.get(id) !== row) exportRow(id);
      shown = now;
    });
    const stopFollowers = channel.listen((message) => {
      if (message.type === 'export') queueExport(message.chatId);
      else if (message.type === 'status-query') channel.post({ type: 'status', status: getSyncStatus() });
      else if (message.type === 'fetch') {
        void handle
          ?.fetchAttachment(message.chatId, message.attachmentId)
          .catch(() => undefined)
          .then(() => channel.post({ type: 'fetched', request: message.request }));
      }
    });
    return async () => {
      stopLibrary();
      stopReloads();
      stopFollowers();
      if (timer !== undefined) clearTimeout(timer);
      if (pending.size > 0) flush();
      const running = handle;
      handle = undefined;
      await running?.stop();
      leading = false;
    };
  };

  const run = async (config: Omit<SyncConfig, 'enabled'>) => {
    await halt();
    // Until elected this tab follows: its writes go to the leader, the leader's status shows here.
    const stopChats = onLocalChange((chatId) => (leading ? queueExport(chatId) : channel.post({ type: 'export', chatId })));
    const stopStatus = channel.listen((message) => {
      if (message.type === 'status' && !leading) setSyncStatus(message.status);
    });
    const persistence = store.attachmentHost().persistence();
    setMissingAttachmentFetcher(async (attachmentId) => {
      const chatId = chatShowing(store, attachmentId);
      if (!chatId || !(await askLeaderToFetch(channel, chatId, attachmentId))) return undefined;
      return (await (await persistence).getAttachments([attachmentId]))[0];
    });
    channel.post({ type: 'status-query' });
    leadership = leadWhenElected(() => lead(config), locks);
    stopListening = () => {
      stopChats();
      stopStatus();
    };
  };

  /** Another tab changed the settings: this one follows them (restarts with them, or stops). */
  channel.listen((message) => {
    if (message.type !== 'config-changed') return;
    void readConfig().then((config) => (config?.enabled ? run(config) : halt().then(() => setSyncStatus({ state: 'off' }))));
  });

  const readConfig = async () => (await store.getSetting<SyncConfig | null>(SYNC_SETTING)) ?? undefined;

  return {
    readConfig,
    async test(config) {
      const [{ authorisedFetch, openRemoteDatabase, RemoteError, unlockDatabase }, { readChangesFeed }] = await Promise.all([import('./remote-access'), import('./changes-feed')]);
      const base = extra.fetch ?? globalThis.fetch.bind(globalThis);
      const serverUrl = config.url.replace(/\/+$/, '');
      const dbUrl = `${serverUrl}/${encodeURIComponent(config.db)}`;
      const fetcher = authorisedFetch(serverUrl, config.auth, base);
      try {
        await openRemoteDatabase(serverUrl, dbUrl, fetcher, base);
        // The passphrase as sync would take it: asked for, wrong, or refused on a plain database.
        await unlockDatabase(dbUrl, fetcher, config.passphrase);
        return { ok: true, feed: await readChangesFeed(serverUrl, fetcher) };
      } catch (error) {
        return { ok: false, reason: error instanceof RemoteError ? error.reason : 'unknown' };
      }
    },
    async turnOn(config) {
      await store.putSetting(SYNC_SETTING, { ...config, enabled: true } satisfies SyncConfig);
      channel.post({ type: 'config-changed' });
      await run(config);
    },
    async turnOff() {
      const config = await readConfig();
      if (config) await store.putSetting(SYNC_SETTING, { ...config, enabled: false });
      channel.post({ type: 'config-changed' });
      await halt();
      setSyncStatus({ state: 'off' });
    },
    async forget() {
      const config = await readConfig();
      // Leading, the engine forgets the replica as it stops; following, the leader stops when told below.
      const running = handle;
      handle = undefined;
      await halt();
      if (running) await running.forget();
      else if (extra.local) await extra.local.destroy();
      else if (config) await (await import('./sync-controller')).forgetReplica(config.url, config.db);
      await store.putSetting(SYNC_SETTING, null);
      channel.post({ type: 'config-changed' });
      clearSyncNotices();
      setSyncStatus({ state: 'off' });
    },
    async resume() {
      const config = await readConfig();
      if (config?.enabled) await run(config);
    },
  };
}

let service: SyncService | undefined;
/** The app's one sync service. */
export const getSyncService = (): SyncService => (service ??= createSyncService());
/** For tests. */
export function resetSyncService(next?: SyncService): void {
  service = next;
}
