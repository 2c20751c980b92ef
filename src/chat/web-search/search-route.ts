// Where a chat's web searches go (issue 37), from its connection and Settings → Search: the
// provider's own search, the user's SearXNG, or nowhere (search cannot be offered).
import type { WireApi } from '../wire';
import type { SearchSettings } from './search-settings';

export type SearchProvider = 'OpenAI' | 'Anthropic' | 'OpenRouter';

export type SearchRoute = { kind: 'provider'; provider: SearchProvider } | { kind: 'searxng'; url: string } | { kind: 'none' };

/**
 * The provider whose own search the connection's format asks for: Responses (`web_search`),
 * Anthropic Messages (the web search server tool), and Chat Completions at OpenRouter (its web
 * plugin and `:online` models); other Chat Completions servers have none.
 */
export function providerSearchOf(connection: { api?: WireApi; baseUrl: string }): SearchProvider | undefined {
  if (connection.api === 'responses') return 'OpenAI';
  if (connection.api === 'anthropic') return 'Anthropic';
  let host: string;
  try {
    host = new URL(connection.baseUrl).hostname;
  } catch {
    return undefined;
  }
  return host === 'openrouter.ai' || host.endsWith('.openrouter.ai') ? 'OpenRouter' : undefined;
}

/**
 * Where a chat on `connection` (its wire format `api`, unset for Chat Completions, and base URL)
 * searches: `auto` prefers the provider's own search and falls back to SearXNG; `searxng` sends
 * every search to the SearXNG address, and with none set there is no search (never silently the
 * provider: the user chose where queries go).
 */
export function searchRoute(connection: { api?: WireApi; baseUrl: string }, settings: Pick<SearchSettings, 'route' | 'searxngUrl'>): SearchRoute {
  if (settings.route === 'auto') {
    const provider = providerSearchOf(connection);
    if (provider) return { kind: 'provider', provider };
  }
  return settings.searxngUrl ? { kind: 'searxng', url: settings.searxngUrl } : { kind: 'none' };
}
