import { useEffect, useSyncExternalStore } from 'react';
// Straight from the file, not the tools barrel: the chat page needs only the settings row.
import { getToolSettingsStore, type McpServerConfig, type ToolSettings } from '../../../chat/mcp/tool-settings';
import { BUILT_IN_SERVERS } from '../../../chat/tools/built-in-list';

/** The tools settings (servers, policies), read from their store and loaded on first use. */
export function useToolSettings(): ToolSettings {
  const store = getToolSettingsStore();
  useEffect(() => void store.init(), [store]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}

/** Parley's own tools (issue 36's code tools) as the menu and the call cards list servers: always there, first. */
const BUILT_IN_CONFIGS: readonly McpServerConfig[] = BUILT_IN_SERVERS.map((server) => ({ id: server.id, label: server.label, url: '', tools: [...server.tools] }));

/** Every server a chat can turn on: Parley's own, then the MCP servers of Settings → Tools. */
export function useToolServers(): { servers: readonly McpServerConfig[]; settings: ToolSettings } {
  const settings = useToolSettings();
  const servers = allServers(settings.servers);
  return { servers, settings };
}

let lastMcp: readonly McpServerConfig[] | null = null;
let lastAll: readonly McpServerConfig[] = BUILT_IN_CONFIGS;
/** The same list for the same settings (the menu is memo'd; a new array every render would defeat it). */
function allServers(mcp: readonly McpServerConfig[]): readonly McpServerConfig[] {
  if (mcp !== lastMcp) {
    lastMcp = mcp;
    lastAll = [...BUILT_IN_CONFIGS, ...mcp];
  }
  return lastAll;
}
