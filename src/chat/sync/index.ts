/**
 * Sync through CouchDB replication (issue 15). This index is small and PouchDB-free: the
 * engine (PouchDB, the bridge, encryption) loads with `loadSync()`, only once sync is on.
 */
export type { SyncStatus, SyncErrorReason } from './sync-status';
export type { SyncAuth } from './remote-access';
export type { StartSyncOptions, SyncHandle } from './sync-controller';

export const loadSync = () => import('./sync-controller');
