// Ready MCP search servers for Settings → Tools (issue 37): choosing one fills the name and address, and says where its key goes.

/**
 * Where a preset's key goes: a query parameter of the address, a request header, or the command
 * that runs the server (the key then never reaches Parley: the field only fills the command in).
 */
export type PresetKey = { in: 'query'; name: string } | { in: 'header'; name: string; prefix?: string; optional?: true } | { in: 'command' };

export interface SearchPreset {
  id: 'searxng' | 'brave' | 'exa';
  /** The server's name as the form fills it (a product name: not translated). */
  name: string;
  url: string;
  key: PresetKey;
  /** The command that runs it on this computer, for a server that must run locally: `{key}` and `{origin}` are filled in. */
  run?: string;
}

/**
 * SearXNG: ihor-sokoliuk/mcp-searxng (npm `mcp-searxng`): HTTP when MCP_HTTP_PORT is set, at /mcp on
 * 127.0.0.1, CORS on, a bearer token only when MCP_HTTP_HARDEN/MCP_HTTP_AUTH_TOKEN are set.
 * Brave: brave/brave-search-mcp-server (npm `@brave/brave-search-mcp-server`): `--transport http`
 * serves /mcp on 127.0.0.1:8080, the key is BRAVE_API_KEY, other page origins need `--allowed-origins`.
 * Exa: the hosted https://mcp.exa.ai/mcp, the key as the `exaApiKey` query parameter (Exa's docs).
 */
export const SEARCH_PRESETS: readonly SearchPreset[] = [
  {
    id: 'searxng',
    name: 'SearXNG',
    url: 'http://localhost:3000/mcp',
    key: { in: 'header', name: 'Authorization', prefix: 'Bearer ', optional: true },
    run: 'MCP_HTTP_PORT=3000 SEARXNG_URL=http://localhost:8080 npx -y mcp-searxng',
  },
  {
    id: 'brave',
    name: 'Brave Search',
    url: 'http://127.0.0.1:8080/mcp',
    key: { in: 'command' },
    run: 'BRAVE_API_KEY={key} npx -y @brave/brave-search-mcp-server --transport http --allowed-origins {origin}',
  },
  { id: 'exa', name: 'Exa', url: 'https://mcp.exa.ai/mcp', key: { in: 'query', name: 'exaApiKey' } },
];

/** What stands for the key in a command until one is typed. */
export const KEY_PLACEHOLDER = 'YOUR_KEY';

/** The preset's command with the key (or its placeholder) and this page's origin in it; shell-quoted so any key stays one word. */
export function presetCommand(preset: SearchPreset, key: string, origin: string): string | undefined {
  const quote = (value: string) => (/^[\w./:@%+=-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`);
  return preset.run?.replace('{key}', quote(key.trim() || KEY_PLACEHOLDER)).replace('{origin}', quote(origin));
}

/** The address and headers to save: the key put where the preset says (nothing when it goes to the command, or is empty). */
export function withPresetKey(preset: SearchPreset, url: string, headers: Record<string, string> | undefined, key: string): { url: string; headers?: Record<string, string> } {
  const value = key.trim();
  if (value === '' || preset.key.in === 'command') return { url, ...(headers && { headers }) };
  if (preset.key.in === 'header') return { url, headers: { ...headers, [preset.key.name]: `${preset.key.prefix ?? ''}${value}` } };
  try {
    const address = new URL(url.trim());
    address.searchParams.set(preset.key.name, value);
    return { url: address.href, ...(headers && { headers }) };
  } catch {
    // Not an address (yet): the form's own check says so when it is tried.
    return { url, ...(headers && { headers }) };
  }
}
