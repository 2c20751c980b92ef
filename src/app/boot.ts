import { configureChatStore, getChatModel, getChatStore, setChatModel, type ChatModel } from '../chat';
import type { OpenAiConnection } from '../chat/openai';
import { configureConnectionsStore, createConnectionsModel, deferredModel, getConnectionsStore } from '../chat/connections';
import { t } from '../i18n';
import { whenIdle } from '../lib/when-idle';
import { LazySearchPalette, LazySettingsDialog, LazyShortcutsDialog } from './lazy-dialogs';

/**
 * Starts the parts that live outside React before the first render: the chat store begins
 * loading the history at once (its failures become toasts once the app mounts, see chat-errors.ts); the connections (kept in the
 * chat store's settings) load too, and their routing model answers every chat.
 */
export function boot(): void {
  configureChatStore({ untitledTitle: t('chat.untitled'), attachments: attachmentWorkers() });
  const store = getChatStore();
  void store.init();
  configureConnectionsStore({ load: (key) => store.getSetting(key), save: (key, value) => store.putSetting(key, value) });
  const connections = getConnectionsStore();
  void connections.init();
  // A model plugged in before boot (the e2e build's scripted one) is kept.
  if (!getChatModel()) setChatModel(createConnectionsModel(connections, streamInWorker()));
  whenIdle(warmUp);
  whenIdle(startSearch);
  // The store's actions (sending, replies, renaming…) load right after the first screen, so the first send doesn't wait for them.
  whenIdle(() => void store.preloadActions().catch(() => {}));
  // Dialogs (not pages: SPEC A1 is about routes) load after the first screen, before they are
  // wanted: keys typed right after Ctrl/⌘+K must reach the palette, not the page behind it.
  whenIdle(() => void Promise.all([LazySearchPalette.preload(), LazySettingsDialog.preload(), LazyShortcutsDialog.preload()]).catch(() => {}));
}

/** Set by build.mjs: the attachment workers' addresses relative to <base>; absent in unit tests. */
declare const __PARLEY_IMAGE_WORKER__: string | undefined;
declare const __PARLEY_PDF_WORKER__: string | undefined;

/**
 * Attached pictures are scaled in a worker and PDFs read by pdf.js's; both load only with the
 * first file. Absolute addresses: a worker's URL resolves against the page, not <base>.
 */
function attachmentWorkers(): { imageWorkerUrl?: string; pdfWorkerUrl?: string } {
  const absolute = (url: string) => new URL(url, document.baseURI).href;
  return {
    ...(typeof __PARLEY_IMAGE_WORKER__ === 'string' && { imageWorkerUrl: absolute(__PARLEY_IMAGE_WORKER__) }),
    ...(typeof __PARLEY_PDF_WORKER__ === 'string' && { pdfWorkerUrl: absolute(__PARLEY_PDF_WORKER__) }),
  };
}

/** Set by build.mjs: the search worker's address relative to <base>; absent in unit tests. */
declare const __PARLEY_SEARCH_WORKER__: string | undefined;

/**
 * Starts the search index (its worker loads the stored index, or builds it, and follows every
 * change) once the first screen is up, so Ctrl/⌘+K answers from it at once. Without storage
 * there is nothing to index: search then scans the memory store.
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
function warmUp() {
  const url = streamWorkerUrl();
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

/** Set by build.mjs: the stream worker's address relative to <base>; absent in unit tests. */
declare const __PARLEY_STREAM_WORKER__: string | undefined;

/** The stream worker's URL when the build has one and the browser can run it. */
function streamWorkerUrl(): string | undefined {
  if (typeof __PARLEY_STREAM_WORKER__ !== 'string' || typeof Worker !== 'function') return undefined;
  return new URL(__PARLEY_STREAM_WORKER__, document.baseURI).href;
}

/** The page's side of the stream worker, with the reader it falls back to: fetched after the first screen. */
const streamClient = () => import('../chat/openai/worker-model');

/** Streams are read and parsed in a worker when the build has one and the browser can run it. */
function streamInWorker(): { createModel?: (connection: OpenAiConnection) => ChatModel } {
  const url = streamWorkerUrl();
  if (url === undefined) return {};
  return { createModel: (connection) => deferredModel(() => streamClient().then((client) => client.createWorkerOpenAiModel(connection, url))) };
}
