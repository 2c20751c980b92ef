// Beside the message box while a chat searches the web (issue 37): where its queries go, the
// provider, the SearXNG address's host, or nowhere yet (and where to set one); or, with the switch
// off, the MCP search server the chat has on.
import { memo } from 'react';
import { chatBase, useLibrary } from '../../../chat/library';
import { isBuiltInServer } from '../../../chat/mcp/built-in-servers';
import { Icon } from '../../../ui/icon';
import { t } from '../chat-text';
import { useToolServers } from '../tools/tool-settings-view';
import { useWebSearch } from './web-search-state';

/** A tool server the chat has on that searches (a tool named for it: SearXNG's, Brave's, Exa's MCP servers), by its name. */
function useMcpSearchServer(chat: ReturnType<typeof useWebSearch>['chat']): string | undefined {
  const { servers } = useToolServers();
  const library = useLibrary();
  if (!chat) return undefined;
  const chosen = chat.toolServers ?? chatBase(chat, library).toolServers ?? [];
  return servers.find((server) => chosen.includes(server.id) && !isBuiltInServer(server.id) && server.tools?.some((tool) => /search/i.test(tool.name)))?.label;
}

const SEARCH_ICON = 'lucide:globe';

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

export const WebSearchNote = memo(function WebSearchNote({ chatId }: { chatId: string }) {
  const { on, route, chat } = useWebSearch(chatId);
  const mcp = useMcpSearchServer(chat);
  if (!on || !route) {
    if (!mcp) return null;
    return (
      <span className="chat-composer__search" data-state="mcp">
        <Icon name={SEARCH_ICON} className="chat-composer__search-icon" />
        <span className="chat-composer__search-text" aria-hidden="true">
          {t('webSearch.short.mcp', { server: mcp })}
        </span>
        <span className="visually-hidden">{t('webSearch.on.mcp', { server: mcp })}</span>
      </span>
    );
  }
  const values: Record<string, string> = route.kind === 'provider' ? { provider: route.provider } : route.kind === 'searxng' ? { host: hostOf(route.url) } : {};
  // Short on screen (the toolbar is narrow on a phone); the whole sentence for a screen reader.
  return (
    <span className="chat-composer__search" data-state={route.kind}>
      <Icon name={SEARCH_ICON} className="chat-composer__search-icon" />
      <span className="chat-composer__search-text" aria-hidden="true">
        {t(`webSearch.short.${route.kind}`, values)}
      </span>
      <span className="visually-hidden">{t(`webSearch.on.${route.kind}`, values)}</span>
    </span>
  );
});
