import { createConnectionsStore, type ConnectionsStore, type ConnectionsStoreOptions } from './connections-store';
import { createModelPreferences, type ModelPreferences } from './model-preferences';

/**
 * The app's one connections store, created on first use. Until the app configures where settings
 * are kept it lives in memory only (nothing is read or written).
 */

let instance: ConnectionsStore | undefined;
let preferences: ModelPreferences | undefined;
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

/** The recent models and title settings, kept where the connections are. */
export function getModelPreferences(): ModelPreferences {
  preferences ??= createModelPreferences(configured ?? inMemory);
  return preferences;
}

/**
 * For tests: forgets the store and the preferences (and the configuration); `next`, if given,
 * becomes the one getConnectionsStore returns, `nextPreferences` the one getModelPreferences does.
 */
export function resetConnectionsStore(next?: ConnectionsStore, nextPreferences?: ModelPreferences): void {
  instance = next;
  preferences = nextPreferences;
  configured = undefined;
}
