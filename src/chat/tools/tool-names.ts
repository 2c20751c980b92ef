import type { OpenAiTool } from '../model';
import type { McpTool, ToolTarget } from '../mcp';

export type { ToolTarget };

/**
 * Enabled MCP tools in the OpenAI `tools` request format, and the way back from the name the
 * model calls to (server, tool). Two servers may both offer `search`: every tool is named
 * `<server slug>__<tool>`, so names never collide and the call finds its server.
 */

/** OpenAI's limit on a function name, and its alphabet. */
const FUNCTION_NAME_MAX = 64;
const FUNCTION_NAME_DISALLOWED = /[^a-zA-Z0-9_-]+/g;
/** Between the server's slug and the tool's name; a slug never contains it (underscores are squeezed). */
const SEPARATOR = '__';
/** Room left for the tool's own name when the server's label is long. */
const SLUG_MAX = 16;

export interface ServerTools {
  /** The server's id in Parley's settings (stable across renames). */
  serverId: string;
  /** What the user calls it (its slug prefixes the tool names the model sees). */
  label: string;
  tools: readonly McpTool[];
  /** Parley's own tools (mcp/built-in-servers.ts): named as they are (`run_python`), no slug. */
  bare?: boolean;
}

/** The shape is the model's (model/chat-model.ts): a request carries it, whichever wire format sends it. */
export type { OpenAiTool };

export interface ToolCatalogue {
  /** For the request's `tools` field. */
  tools: OpenAiTool[];
  /** The function name the model will call → which server's which tool; undefined for an unknown name. */
  resolve(functionName: string): ToolTarget | undefined;
  /** The function name a tool of a server has in this request. */
  nameOf(target: ToolTarget): string | undefined;
  /** The tool's definition as the catalogue was built with it (what an approval is checked against). */
  toolOf(target: ToolTarget): McpTool | undefined;
}

/** Lower-case letters, digits and single underscores: `My Files (work)` → `my_files_work`. */
export function serverSlug(label: string): string {
  const slug = label.toLowerCase().replace(FUNCTION_NAME_DISALLOWED, '_').replace(/_+/g, '_').replace(/^_|_$/g, '');
  return slug.slice(0, SLUG_MAX).replace(/_$/, '') || 'mcp';
}

function uniqueSlugs(servers: readonly ServerTools[]): string[] {
  const used = new Set<string>();
  return servers.map((server) => {
    const base = serverSlug(server.label);
    let slug = base;
    for (let n = 2; used.has(slug); n += 1) slug = `${base}${n}`;
    used.add(slug);
    return slug;
  });
}

/** An object schema the OpenAI API accepts, whatever the server sent (some send none, or no `type`). */
function parametersOf(schema: Record<string, unknown>): Record<string, unknown> {
  return { ...schema, type: 'object', properties: schema.properties ?? {} };
}

export function toolCatalogue(servers: readonly ServerTools[]): ToolCatalogue {
  const slugs = uniqueSlugs(servers);
  const byName = new Map<string, ToolTarget>();
  const tools: OpenAiTool[] = [];
  servers.forEach((server, i) => {
    for (const tool of server.tools) {
      const plain = tool.name.replace(FUNCTION_NAME_DISALLOWED, '_');
      const wanted = (server.bare ? plain : `${slugs[i]}${SEPARATOR}${plain}`).slice(0, FUNCTION_NAME_MAX);
      let name = wanted;
      // Cut or cleaned names may still meet: number them, within the limit.
      for (let n = 2; byName.has(name); n += 1) name = `${wanted.slice(0, FUNCTION_NAME_MAX - String(n).length)}${n}`;
      byName.set(name, { serverId: server.serverId, tool: tool.name });
      tools.push({
        type: 'function',
        function: { name, ...(tool.description && { description: tool.description }), parameters: parametersOf(tool.inputSchema) },
      });
    }
  });
  return {
    tools,
    resolve: (functionName) => byName.get(functionName),
    nameOf: (target) => [...byName].find(([, t]) => t.serverId === target.serverId && t.tool === target.tool)?.[0],
    toolOf: (target) => servers.find((server) => server.serverId === target.serverId)?.tools.find((tool) => tool.name === target.tool),
  };
}
