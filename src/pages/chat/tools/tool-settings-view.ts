import { useEffect, useSyncExternalStore } from 'react';
// Straight from the file, not the tools barrel: the chat page needs only the settings row.
import { getToolSettingsStore, type ToolSettings } from '../../../chat/mcp/tool-settings';

/** The tools settings (servers, policies), read from their store and loaded on first use. */
export function useToolSettings(): ToolSettings {
  const store = getToolSettingsStore();
  useEffect(() => void store.init(), [store]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
