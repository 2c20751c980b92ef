/**
 * Sync through CouchDB replication (issue 15). This index is small and PouchDB-free: the
 * engine (PouchDB, the bridge, encryption) loads with `loadSync()`, only once sync is on;
 * the service (settings, start at boot, the store's hook) with `loadSyncService()`.
 */
export type { SyncStatus, SyncErrorReason } from './sync-status';
export type { SyncAuth } from './remote-access';
export type { ChangesFeed } from './changes-feed';
export type { StartSyncOptions, SyncHandle } from './sync-controller';
export type { SyncConfig, SyncService, SyncTestResult } from './sync-service';
export { getSyncStatus, subscribeSyncStatus, type SyncStatusSnapshot } from './sync-status-store';

export { SYNC_SETTING } from './sync-setting';

export const loadSync = () => import('./sync-controller');
/** The engine and its IndexedDB replica's code, fetched while Turn on sync tests the server (they are needed next). */
export const preloadSyncEngine = () => loadSync().then((engine) => engine.preloadReplica());
export const loadSyncService = () => import('./sync-service');
export { getSyncService } from './sync-service';
