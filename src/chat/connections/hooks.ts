import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { Connection } from './connection';
import { getConnectionsStore } from './connections-instance';
import { modelListOf, modelReadiness, type ConnectionsSnapshot, type ModelList, type ModelReadiness } from './model-lists';
import { modelRef } from './model-ref';

/** React's view of the connections store. */

export function useConnectionsSnapshot(): ConnectionsSnapshot {
  const store = getConnectionsStore();
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  useEffect(() => {
    void store.init();
  }, [store]);
  return snapshot;
}

export function useConnections(): readonly Connection[] {
  return useConnectionsSnapshot().connections;
}

/** The default model reference (`{connectionId}/{modelId}`), if one was chosen. */
export function useDefaultModel(): string | undefined {
  return useConnectionsSnapshot().defaultModel;
}

export function useModelReadiness(): ModelReadiness {
  return modelReadiness(useConnectionsSnapshot());
}

export interface ModelOption {
  /** The reference to store: `{connectionId}/{modelId}`. */
  ref: string;
  modelId: string;
}

export interface ModelOptionGroup {
  connection: Connection;
  list: ModelList;
  options: readonly ModelOption[];
}

/** Every model of every connection, grouped by connection (in the user's order), for the picker. */
export function modelOptionGroups(snapshot: ConnectionsSnapshot): ModelOptionGroup[] {
  return snapshot.connections.map((connection) => {
    const list = modelListOf(snapshot, connection.id);
    return { connection, list, options: list.ids.map((modelId) => ({ ref: modelRef(connection.id, modelId), modelId })) };
  });
}

export function useModelOptions(): readonly ModelOptionGroup[] {
  const snapshot = useConnectionsSnapshot();
  const { connections, models } = snapshot;
  // Only a change of connections or lists makes new groups (not a new default).
  return useMemo(() => modelOptionGroups(snapshot), [connections, models]);
}

