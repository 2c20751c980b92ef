import { createConnectionsStore, type ConnectionsStore, type ConnectionsStoreOptions } from './connections-store';

/**
 * The app's one connections store, created on first use. Until the app configures where settings
 * are kept it lives in memory only (nothing is read or written).
 */

let instance: ConnectionsStore | undefined;
let configured: ConnectionsStoreOptions | undefined;

const inMemory: ConnectionsStoreOptions = {
  load: async () => undefined,
  save: async () => {},
};

/** Where getConnectionsStore's store keeps its settings (the app passes the chat store's); call before first use. */
export function configureConnectionsStore(options: ConnectionsStoreOptions): void {
  configured = options;
}

export function getConnectionsStore(): ConnectionsStore {
  instance ??= createConnectionsStore(configured ?? inMemory);
  return instance;
}

/** For tests: forgets the store (and the configuration); `next`, if given, becomes the one getConnectionsStore returns. */
export function resetConnectionsStore(next?: ConnectionsStore): void {
  instance = next;
  configured = undefined;
}
