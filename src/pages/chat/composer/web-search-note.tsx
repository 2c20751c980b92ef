// Beside the message box while a chat searches the web (issue 37): where its queries go, the
// provider, the SearXNG address's host, or nowhere yet (and where to set one).
import { memo } from 'react';
import { Icon } from '../../../ui/icon';
import { t } from '../chat-text';
import { useWebSearch } from './web-search-state';

const SEARCH_ICON = 'lucide:globe';

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

export const WebSearchNote = memo(function WebSearchNote({ chatId }: { chatId: string }) {
  const { on, route } = useWebSearch(chatId);
  if (!on || !route) return null;
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
