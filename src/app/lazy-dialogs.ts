import { getConnectionsStore } from '../chat/connections';
import { lazyOnOpen, type OpenableProps } from './lazy-on-open';
import type { SidebarRailProps } from './sidebar/sidebar-rail';

/**
 * Settings, fetched the first time it opens (sidebar button, Ctrl/⌘+, or a page's request), with
 * the connections' editing code it calls synchronously.
 */
export const LazySettingsDialog = lazyOnOpen('settings-dialog', () =>
  Promise.all([import('./settings/settings-dialog'), getConnectionsStore().loadEdits()]).then(([module]) => module.SettingsDialog),
);

/** The search palette, fetched the first time it opens (Ctrl/⌘+K or the sidebar). */
export const LazySearchPalette = lazyOnOpen('search-palette', () => import('./search-palette/search-palette').then((module) => module.SearchPalette));

/** The shortcuts help, fetched the first time it opens (Ctrl/⌘+/ or the sidebar). */
export const LazyShortcutsDialog = lazyOnOpen('shortcuts-dialog', () => import('./shortcuts/shortcuts-dialog').then((module) => module.ShortcutsDialog));

/**
 * The docked sidebar's collapsed rail, fetched when the sidebar is first collapsed (or at start
 * when it was left collapsed), and warmed up after the first screen with the dialogs: the open
 * sidebar, the default, and the phone's drawer never show it.
 */
export const LazySidebarRail = lazyOnOpen<SidebarRailProps & OpenableProps>('sidebar-rail', () =>
  import('./sidebar/sidebar-rail').then((module) => module.SidebarRail),
);
