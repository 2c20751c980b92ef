import { getChatStore } from '../chat';
import { getConnectionsStore } from '../chat/connections';
import { loadSyncService, SYNC_SETTING } from '../chat/sync';
import { whenIdle } from '../lib/when-idle';
import { LazySearchPalette, LazySettingsDialog, LazyShortcutsDialog, LazySidebarRail } from './lazy-dialogs';

/** The page's side of the stream worker (boot.ts fetches it with the first request otherwise). */
export type StreamClient = () => Promise<typeof import('../chat/providers/worker-model')>;

/** Set by build.mjs: the search worker's address relative to <base>; absent in unit tests. */
declare const __PARLEY_SEARCH_WORKER__: string | undefined;

/**
 * What starts once the first screen is up (boot.ts loads this module then), each piece while the
 * page is idle, so none of it competes with the first screen or the user's first keystrokes.
 */
export function afterFirstScreen(streamWorkerUrl: string | undefined, streamClient: StreamClient): void {
  whenIdle(() => warmUp(streamWorkerUrl, streamClient));
  whenIdle(() => void startSearch());
  // The store's actions (sending, replies, renaming…), so the first send doesn't wait for them.
  whenIdle(() => void getChatStore().preloadActions().catch(() => {}));
  // Dialogs (not pages: SPEC A1 is about routes) load before they are wanted: keys typed right
  // after Ctrl/⌘+K must reach the palette, not the page behind it.
  whenIdle(() => void Promise.all([LazySearchPalette.preload(), LazySettingsDialog.preload(), LazyShortcutsDialog.preload(), LazySidebarRail.preload()]).catch(() => {}));
  // With the palette, the code of its first search (the store loads it then): kept by the service worker, search works offline (issue 26).
  whenIdle(() => void import('../chat/search-index/search-chats').catch(() => {}));
  // The home page's offline note (issue 26), so the service worker has it when a send finds the device offline.
  whenIdle(() => void import('../pages/home/offline-note').catch(() => {}));
  // The backup reminder (issue 14): once the store is ready (remindToBackUp waits for it) and the
  // page has painted, so its toast never holds up the first screen. A chunk that fails to load
  // only means no reminder this time.
  whenIdle(() => void import('./settings/data/backup-reminder-toast').then((m) => m.remindToBackUp()).catch(() => {}));
  // An export dropped on the page opens the import's preview (issue 14).
  whenIdle(() => void import('./import/import-on-drop').then((m) => m.listenForExportDrops()).catch(() => {}));
  // The user's library (instructions, presets, projects, prompts: issue 23), so the first reply
  // and the sidebar's projects need not wait for it.
  whenIdle(() => void import('../chat/library').then((m) => m.getLibraryStore().init()).catch(() => {}));
  // Sync (issue 15) when it is on: its code (and PouchDB) loads only then.
  whenIdle(() => void resumeSync().catch(() => {}));
  // Text shared to Parley from another app (issue 26: the manifest's share_target) goes into the message box.
  if (/[?&](title|text|url)=/.test(location.search)) void import('./offline/shared-text').then((m) => m.takeSharedText()).catch(() => {});
  // The service worker (issue 26), last: it keeps what the page has loaded so far, this work included.
  whenIdle(() => void import('./offline/register-service-worker').then((m) => m.registerServiceWorker()).catch(() => {}));
}

async function resumeSync() {
  const config = await getChatStore().getSetting<{ enabled?: boolean } | null>(SYNC_SETTING);
  if (!config?.enabled) return;
  const [{ getSyncService }] = await Promise.all([loadSyncService(), import('./sidebar/sync-status-line')]);
  await getSyncService().resume();
}

/**
 * Starts the search index (its worker loads the stored index, or builds it, and follows every
 * change), so Ctrl/⌘+K answers from it at once. Without storage there is nothing to index:
 * search then scans the memory store.
 */
async function startSearch() {
  if (typeof __PARLEY_SEARCH_WORKER__ !== 'string' || typeof Worker !== 'function') return;
  const store = getChatStore();
  await store.init();
  if (store.getSnapshot().storage !== 'indexeddb') return;
  const { startSearchIndex } = await import('../chat/search-index/start-search-index');
  startSearchIndex(new URL(__PARLEY_SEARCH_WORKER__, document.baseURI).href);
}

/**
 * Readies the stream worker once a connection exists, so it does not load, compile and start
 * while the first reply streams in. Page chunks are not warmed up: SPEC A1 fetches a page's code
 * on its first visit only.
 */
function warmUp(url: string | undefined, streamClient: StreamClient) {
  if (url === undefined) return;
  const connections = getConnectionsStore();
  const startWhenConnected = () => {
    if (connections.getSnapshot().connections.length === 0) return false;
    void streamClient().then((client) => client.startStreamWorker(url));
    return true;
  };
  if (startWhenConnected()) return;
  const unsubscribe = connections.subscribe(() => {
    if (startWhenConnected()) unsubscribe();
  });
}
