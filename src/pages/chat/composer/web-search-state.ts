// A chat's web search as the composer shows it (issue 37): on or off (its own switch, else its
// project's or the defaults'), and where its queries go, kept current as Settings and the
// connections change.
import { useEffect, useSyncExternalStore } from 'react';
import { useChatStore, type Chat } from '../../../chat';
import { useConnectionsSnapshot } from '../../../chat/connections';
import { chatBase, useLibrary } from '../../../chat/library';
import { chatSearchRouteNow, getSearchSettingsStore, type SearchRoute } from '../../../chat/web-search';

export interface WebSearchState {
  on: boolean;
  /** Where queries go while on. */
  route?: SearchRoute;
  chat?: Chat;
}

export function useWebSearch(chatId: string): WebSearchState {
  const chat = useChatStore((s) => s.chats.find((one) => one.id === chatId));
  const library = useLibrary();
  const settings = getSearchSettingsStore();
  useEffect(() => void settings.init(), [settings]);
  // Read for their changes: the route is worked out from both stores' snapshots.
  useSyncExternalStore(settings.subscribe, settings.getSnapshot);
  useConnectionsSnapshot();
  if (!chat) return { on: false };
  const on = (chat.webSearch ?? chatBase(chat, library).webSearch) === true;
  return { on, chat, ...(on && { route: chatSearchRouteNow({ model: chat.model, webSearch: true }) }) };
}
