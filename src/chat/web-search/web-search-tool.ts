// Parley's own web search tool (issue 37, route 3): web_search through the user's SearXNG, a
// built-in "server" (mcp/built-in-servers.ts) offered, approved, run, stopped and shown like an MCP
// server's tools. Only the definition lives here; a call loads the search (web-search-run.ts).
import { BUILT_IN_PREFIX, type BuiltInServer } from '../mcp/built-in-servers';

export const WEB_SEARCH_ID = `${BUILT_IN_PREFIX}web-search`;
export const WEB_SEARCH_TOOL = 'web_search';

export const webSearchTools: BuiltInServer = {
  id: WEB_SEARCH_ID,
  label: 'Web search',
  // The chat's Web search switch is the consent: a search runs without a card asking each time.
  consented: true,
  tools: [
    {
      name: WEB_SEARCH_TOOL,
      description:
        'Searches the web (through the user’s SearXNG) and returns the top results, numbered [1], [2]…, each with its title, address and ' +
        'a snippet. Use it for current events and facts you are unsure of. In your answer, cite the results you rely on by their numbers, ' +
        'like [1] or [2][3], right after the sentence they support; never invent a number or an address.',
      inputSchema: {
        type: 'object',
        properties: { query: { type: 'string', description: 'What to search for, as you would type it into a search engine.' } },
        required: ['query'],
        additionalProperties: false,
      },
    },
  ],
  async callTool(name, args, signal) {
    const { runWebSearch } = await import('./web-search-run');
    return runWebSearch(name, args, signal);
  },
};
