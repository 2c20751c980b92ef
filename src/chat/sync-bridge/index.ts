/**
 * Sync's bridge (issue 15) between Parley's storage and the local replica, and what it applies: the
 * documents and their codec (encryption, issue 20), the version ledger, conflicts, the inbox of
 * changes, the checks of a synced row and the documents skipped as broken. PouchDB's replication
 * itself, the pull worker and the service are chat/sync's, which loads this with its engine.
 */
export { createSyncBridge, type BridgeProgress, type LibrarySink, type SyncBridge, type SyncBridgeOptions } from './sync-bridge';
export { encryptedCodec, plainCodec, type DocCodec } from './doc-codec';
export { createCryptoDoc, WrongPassphraseError } from './sync-crypto';
export type { RefusalKind, SyncRefusal } from './sync-refusal';
