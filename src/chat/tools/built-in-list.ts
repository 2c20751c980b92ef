// The tools Parley provides itself (mcp/built-in-servers.ts), as the tool runner and the Tools menu
// know them: each capability's room defines its server; this list is where one is added.
import type { BuiltInServer } from '../mcp/built-in-servers';
import { codeTools } from '../sandbox/code-tools';
import { webSearchTools } from '../web-search';

export const BUILT_IN_SERVERS: readonly BuiltInServer[] = [codeTools, webSearchTools];

export const builtInServer = (serverId: string): BuiltInServer | undefined => BUILT_IN_SERVERS.find((server) => server.id === serverId);
