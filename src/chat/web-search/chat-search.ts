// Where one chat's web searches go now (issue 37): nowhere when its switch is off (the chat as sent:
// its own, else its project's or the defaults' of Settings → Search); else the route of the
// connection its model is on. Read by the tool replies when a request is built and its calls
// decided, and by the composer, which says it.
import { connectionOfModel, getConnectionsStore } from '../connections';
import type { Chat } from '../types';
import { searchRoute, type SearchRoute } from './search-route';
import { getSearchSettingsStore } from './search-settings';

/** The route of a chat as sent (its defaults applied), from the stores as they are (loaded: see chatSearchRoute); undefined when search is off. */
export function chatSearchRouteNow(chat: Pick<Chat, 'webSearch' | 'model'>): SearchRoute | undefined {
  if (chat.webSearch !== true) return undefined;
  const settings = getSearchSettingsStore().getSnapshot();
  const connections = getConnectionsStore().getSnapshot();
  const connection = connectionOfModel(connections, chat.model || connections.defaultModel);
  return connection ? searchRoute(connection, settings) : { kind: 'none' };
}

/** The chat's route once Settings → Search and the connections are read. */
export async function chatSearchRoute(chat: Pick<Chat, 'webSearch' | 'model'>): Promise<SearchRoute | undefined> {
  await Promise.all([getSearchSettingsStore().init(), getConnectionsStore().init()]);
  return chatSearchRouteNow(chat);
}
