import { configureChatStore, getChatModel, getChatStore, setChatModel, type ChatModel } from '../chat';
import { createWorkerOpenAiModel, startStreamWorker, type OpenAiConnection } from '../chat/openai';
import { configureConnectionsStore, createConnectionsModel, getConnectionsStore } from '../chat/connections';
import { t } from '../i18n';

/**
 * Starts the parts that live outside React before the first render: the chat store begins
 * loading the history at once (its failures become toasts once the app mounts, see chat-errors.ts); the connections (kept in the
 * chat store's settings) load too, and their routing model answers every chat.
 */
export function boot(): void {
  configureChatStore({ untitledTitle: t('chat.untitled') });
  const store = getChatStore();
  void store.init();
  configureConnectionsStore({ load: (key) => store.getSetting(key), save: (key, value) => store.putSetting(key, value) });
  const connections = getConnectionsStore();
  void connections.init();
  // A model plugged in before boot (the e2e build's scripted one) is kept.
  if (!getChatModel()) setChatModel(createConnectionsModel(connections, streamInWorker()));
  whenIdle(warmUp);
}

/** After the first screen, while nothing else is going on (or within a few seconds at most). */
const IDLE_TIMEOUT_MS = 3000;

function whenIdle(run: () => void) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(run, 0);
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
    startStreamWorker(url);
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

/** Streams are read and parsed in a worker when the build has one and the browser can run it. */
function streamInWorker(): { createModel?: (connection: OpenAiConnection) => ChatModel } {
  const url = streamWorkerUrl();
  return url === undefined ? {} : { createModel: (connection) => createWorkerOpenAiModel(connection, url) };
}
