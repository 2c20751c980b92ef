import { configureChatStore, getChatModel, getChatStore, setChatModel, type ChatModel } from '../chat';
import { configureImport } from '../chat/import/configure-import';
import type { OpenAiConnection } from '../chat/providers';
import { configureConnectionsStore, createConnectionsModel, deferredModel, getConnectionsStore } from '../chat/connections';
import { t } from '../i18n';
import { whenIdle } from '../lib/when-idle';

/**
 * Starts the parts that live outside React before the first render: the chat store begins
 * loading the history at once (its failures become toasts once the app mounts, see
 * chat-errors.ts); the connections (kept in the chat store's settings) load too, and their
 * routing model answers every chat.
 */
export function boot(): void {
  configureChatStore({ untitledTitle: t('chat.untitled'), attachments: attachmentWorkers() });
  configureImport({ workerUrl: importWorkerUrl() });
  const store = getChatStore();
  void store.init();
  configureConnectionsStore({ load: (key) => store.getSetting(key), save: (key, value) => store.putSetting(key, value) });
  const connections = getConnectionsStore();
  void connections.init();
  // A model plugged in before boot (the e2e build's scripted one) is kept.
  if (!getChatModel()) setChatModel(createConnectionsModel(connections, streamInWorker()));
  // What follows the first screen (the stream worker, the search index, the store's actions, the
  // dialogs) starts once it is up, from its own module.
  whenIdle(() => void import('./after-first-screen').then((module) => module.afterFirstScreen(streamWorkerUrl(), streamClient)).catch(() => {}));
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

/** Set by build.mjs: the import worker's address relative to <base>; absent in unit tests (the import runs on the page). */
declare const __PARLEY_IMPORT_WORKER__: string | undefined;

const importWorkerUrl = () => (typeof __PARLEY_IMPORT_WORKER__ === 'string' ? new URL(__PARLEY_IMPORT_WORKER__, document.baseURI).href : undefined);

/** Set by build.mjs: the stream worker's address relative to <base>; absent in unit tests. */
declare const __PARLEY_STREAM_WORKER__: string | undefined;

/** The stream worker's URL when the build has one and the browser can run it. */
function streamWorkerUrl(): string | undefined {
  if (typeof __PARLEY_STREAM_WORKER__ !== 'string' || typeof Worker !== 'function') return undefined;
  return new URL(__PARLEY_STREAM_WORKER__, document.baseURI).href;
}

/** The page's side of the stream worker, with the reader it falls back to: fetched after the first screen. */
const streamClient = () => import('../chat/providers/worker-model');

/** Streams are read and parsed in a worker when the build has one and the browser can run it. */
function streamInWorker(): { createModel?: (connection: OpenAiConnection) => ChatModel } {
  const url = streamWorkerUrl();
  if (url === undefined) return {};
  return { createModel: (connection) => deferredModel(() => streamClient().then((client) => client.createWorkerOpenAiModel(connection, url))) };
}
