import { createConnectionsStore, type ConnectionsStore, type ConnectionsStoreOptions } from './connections-store';
import type { ModelPreferences } from './model-preferences';

/**
 * The app's one connections store, created on first use. Until the app configures where settings
 * are kept it lives in memory only (nothing is read or written).
 */

let instance: ConnectionsStore | undefined;
let configured: ConnectionsStoreOptions | undefined;
/** What getModelPreferences (model-preferences-instance.ts, loaded with the picker's list or Settings) returns after a reset. */
let preferences: { readonly generation: number; readonly next?: ModelPreferences } = { generation: 0 };

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

/** Where the connections' settings are kept: the model preferences keep theirs there too. */
export function connectionsSettings(): ConnectionsStoreOptions {
  return configured ?? inMemory;
}

/** The preferences a reset asked for, and which reset that was (model-preferences-instance.ts reads it). */
export function preferencesSlot(): { readonly generation: number; readonly next?: ModelPreferences } {
  return preferences;
}

/**
 * For tests: forgets the store and the preferences (and the configuration); `next`, if given,
 * becomes the one getConnectionsStore returns, `nextPreferences` the one getModelPreferences does.
 */
export function resetConnectionsStore(next?: ConnectionsStore, nextPreferences?: ModelPreferences): void {
  instance = next;
  preferences = { generation: preferences.generation + 1, next: nextPreferences };
  configured = undefined;
}
