import { announceReplicatedChats } from '../tabs';
import type { ChatStore } from '../store';
import { getChatStore } from '../store';
import { onLocalChange } from '../tabs';
import type { SyncAuth } from './remote-access';
import type { StartSyncOptions, SyncHandle } from './sync-controller';
import type { SyncErrorReason } from './sync-status';
import { SYNC_SETTING } from './sync-setting';
import { setMissingAttachmentFetcher } from '../store/missing-attachments';
import { getLibraryStore, type LibrarySnapshot, type LibraryStore } from '../library';
import type { LibraryRecord } from '../types';
import { addSyncRefusal, clearSyncNotices } from './sync-notices';
import { setSyncStatus } from './sync-status-store';

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

export type SyncTestResult = { ok: true } | { ok: false; reason: SyncErrorReason };

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
}

/** Every row a library snapshot holds, by id. */
function rowsOf(snapshot: LibrarySnapshot): Map<string, LibraryRecord> {
  const rows = [snapshot.instructions, snapshot.defaults, ...snapshot.presets, ...snapshot.projects, ...snapshot.prompts];
  return new Map(rows.flatMap((row) => (row ? [[row.id, row] as const] : [])));
}

export function createSyncService({ store = getChatStore(), announce = announceReplicatedChats, library = getLibraryStore(), extra = {} }: SyncServiceOptions = {}): SyncService {
  let handle: SyncHandle | undefined;
  let stopListening = () => {};
  const pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    timer = undefined;
    const ids = [...pending];
    pending.clear();
    for (const chatId of ids) void handle?.exportChat(chatId).catch(() => {});
  };

  const halt = async () => {
    setMissingAttachmentFetcher(undefined);
    stopListening();
    stopListening = () => {};
    if (timer !== undefined) clearTimeout(timer);
    if (pending.size > 0) flush();
    const running = handle;
    handle = undefined;
    await running?.stop();
  };

  const run = async (config: Omit<SyncConfig, 'enabled'>) => {
    await halt();
    const { startSync } = await import('./sync-controller');
    const persistence = await store.attachmentHost().persistence();
    handle = await startSync({
      url: config.url,
      db: config.db,
      auth: config.auth,
      ...(config.passphrase ? { passphrase: config.passphrase } : {}),
      persistence,
      announce,
      onStatus: (status) => setSyncStatus(status.state === 'stopped' ? { state: 'off' } : status),
      onRefused: addSyncRefusal,
      library,
      ...extra,
    });
    setMissingAttachmentFetcher(async (attachmentId) => {
      const chatId = chatShowing(store, attachmentId);
      return chatId ? handle?.fetchAttachment(chatId, attachmentId) : undefined;
    });
    const stopChats = onLocalChange((chatId) => {
      pending.add(chatId);
      timer ??= setTimeout(flush, EXPORT_COALESCE_MS);
    });
    // A library row is written whole, once per edit: exported at once, no burst to wait for.
    const exportRow = (id: string) => void handle?.exportLibrary(id).catch(() => {});
    const stopLibrary = library.onLocalChange((change) => exportRow(change.id));
    // Rows a restore or an import wrote behind the store's back show when it reads them again
    // (reload): each row that changed is exported too (one already on the server is not written again).
    let shown = rowsOf(library.getSnapshot());
    const stopReloads = library.subscribe(() => {
      const now = rowsOf(library.getSnapshot());
      for (const [id, row] of now) if (shown.get(id) !== row) exportRow(id);
      shown = now;
    });
    stopListening = () => {
      stopChats();
      stopLibrary();
      stopReloads();
    };
  };

  const readConfig = async () => (await store.getSetting<SyncConfig | null>(SYNC_SETTING)) ?? undefined;

  return {
    readConfig,
    async test(config) {
      const { authorisedFetch, openRemoteDatabase, RemoteError, unlockDatabase } = await import('./remote-access');
      const base = extra.fetch ?? globalThis.fetch.bind(globalThis);
      const serverUrl = config.url.replace(/\/+$/, '');
      const dbUrl = `${serverUrl}/${encodeURIComponent(config.db)}`;
      const fetcher = authorisedFetch(serverUrl, config.auth, base);
      try {
        await openRemoteDatabase(serverUrl, dbUrl, fetcher, base);
        // The passphrase as sync would take it: asked for, wrong, or refused on a plain database.
        await unlockDatabase(dbUrl, fetcher, config.passphrase);
        return { ok: true };
      } catch (error) {
        return { ok: false, reason: error instanceof RemoteError ? error.reason : 'unknown' };
      }
    },
    async turnOn(config) {
      await store.putSetting(SYNC_SETTING, { ...config, enabled: true } satisfies SyncConfig);
      await run(config);
    },
    async turnOff() {
      const config = await readConfig();
      if (config) await store.putSetting(SYNC_SETTING, { ...config, enabled: false });
      await halt();
      setSyncStatus({ state: 'off' });
    },
    async forget() {
      const config = await readConfig();
      const running = handle;
      handle = undefined;
      await halt();
      if (running) await running.forget();
      else if (extra.local) await extra.local.destroy();
      else if (config) await (await import('./sync-controller')).forgetReplica(config.url, config.db);
      await store.putSetting(SYNC_SETTING, null);
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
