import { memo } from 'react';
import { getChatStore, useChatStore } from '../../../chat';
import { chatBase, useLibrary } from '../../../chat/library';
import { t } from '../chat-text';
import { Menu } from '../../../ui/menu';
import { useToolServers } from '../tools/tool-settings-view';
import { WEB_SEARCH_ID } from '../../../chat/web-search';
import { useWebSearch } from './web-search-state';

const NO_SERVERS: readonly string[] = [];
/** Beside a server that did not answer when it was added (Settings → Tools marks it the same way). */
const UNREACHABLE_ICON = 'lucide:unplug';

/**
 * The composer's Tools menu (issue 16): Parley's own tools (Code: issue 36) and the MCP servers set up
 * in Settings, each ticked on or off for this chat; the button counts the ones on.
 */
// Memo'd: the composer re-renders on every keystroke, and this menu depends on none of it.
export const ToolServersMenu = memo(function ToolServersMenu({ chatId }: { chatId: string }) {
  // Web search is its own switch, last (issue 37): its tool is offered by where searches go, not ticked.
  const servers = useToolServers().servers.filter((server) => server.id !== WEB_SEARCH_ID);
  const search = useWebSearch(chatId);
  const chat = useChatStore((s) => s.chats.find((one) => one.id === chatId));
  const library = useLibrary();
  // Its own list, else what its defaults (or project) give (issue 23): what the request offers.
  const chosen = chat?.toolServers ?? (chat && chatBase(chat, library).toolServers) ?? NO_SERVERS;
  // A server removed in Settings no longer counts, even while the chat still names it.
  const active = chosen.filter((id) => servers.some((server) => server.id === id));
  return (
    <Menu
      size="sm"
      variant="ghost"
      color="neutral"
      icon="lucide:wrench"
      className="chat-composer__tools"
      data-count={active.length + (search.on ? 1 : 0)}
      items={[
        ...servers.map((server) => {
        const on = active.includes(server.id);
        return {
          id: server.id,
          // Said in the name, not by the icon alone: a screen reader hears it, a person sees it before ticking it.
          label: server.unreachable ? t('tools.menu.unreachable', { name: server.label }) : server.label,
          ...(server.unreachable && { icon: UNREACHABLE_ICON }),
          checked: on,
          onSelect: () => void getChatStore().updateChatSettings(chatId, { toolServers: on ? active.filter((id) => id !== server.id) : [...active, server.id] }),
        };
        }),
        { id: WEB_SEARCH_ID, label: t('webSearch.switch'), checked: search.on, onSelect: () => void getChatStore().updateChatSettings(chatId, { webSearch: !search.on }) },
      ]}
    >
      {active.length + (search.on ? 1 : 0) > 0 ? t('tools.menu.count', { count: active.length + (search.on ? 1 : 0) }) : t('tools.menu.label')}
    </Menu>
  );
});
