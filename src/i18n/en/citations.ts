/** Web search on the chat page (issue 37): the composer's switch and note, a search tool's result. Loaded with the chat page; the citation view's own are citation-view.ts. */
export const citations = {
  'citations.results.one': '{count} result',
  'citations.results.other': '{count} results',
  'citations.toolSearched': 'Searched: “{query}” · {results}',
  'webSearch.switch': 'Web search',
  'webSearch.on.provider': 'Web search on: {provider} searches',
  'webSearch.on.searxng': 'Web search on: queries go to {host}',
  'webSearch.on.none': 'Web search on, but this model’s provider cannot search and no SearXNG address is set (Settings → Search)',
  'webSearch.off': 'Web search off',
  'webSearch.short.provider': 'Search: {provider}',
  'webSearch.short.searxng': 'Search: {host}',
  'webSearch.short.none': 'Search: not set up',
  'webSearch.short.mcp': 'Search: {server}',
  'webSearch.on.mcp': 'The model can search the web through the MCP server {server}: its queries go there',
} as const;
