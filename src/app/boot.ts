import { configureChatStore, getChatModel, getChatStore, setChatModel, type ChatModel } from '../chat';
import { createWorkerOpenAiModel, type OpenAiConnection } from '../chat/openai';
import { configureConnectionsStore, createConnectionsModel, getConnectionsStore } from '../chat/connections';
import { t } from '../i18n';
import { toast } from '../ui/toast';
import { toastForChatEvent } from './chat-errors';

/**
 * Starts the parts that live outside React before the first render: the chat store begins
 * loading the history at once, and its failures become toasts; the connections (kept in the
 * chat store's settings) load too, and their routing model answers every chat.
 */
export function boot(): void {
  configureChatStore({ untitledTitle: t('chat.untitled') });
  const store = getChatStore();
  store.onError((event) => toast.add(toastForChatEvent(event)));
  void store.init();
  configureConnectionsStore({ load: (key) => store.getSetting(key), save: (key, value) => store.putSetting(key, value) });
  const connections = getConnectionsStore();
  void connections.init();
  // A model plugged in before boot (the e2e build's scripted one) is kept.
  if (!getChatModel()) setChatModel(createConnectionsModel(connections, streamInWorker()));
}

/** Set by build.mjs: the stream worker's address relative to <base>; absent in unit tests. */
declare const __PARLEY_STREAM_WORKER__: string | undefined;

/** Streams are read and parsed in a worker when the build has one and the browser can run it. */
function streamInWorker(): { createModel?: (connection: OpenAiConnection) => ChatModel } {
  if (typeof __PARLEY_STREAM_WORKER__ !== 'string' || typeof Worker !== 'function') return {};
  const url = new URL(__PARLEY_STREAM_WORKER__, document.baseURI).href;
  return { createModel: (connection) => createWorkerOpenAiModel(connection, url) };
}
