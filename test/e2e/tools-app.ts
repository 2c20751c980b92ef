// What the tools e2e files share: the two real servers a chat with tools talks to, and where
// Settings → Tools is on the page.
import { afterAll, beforeAll } from 'vitest';
import type { Page } from 'playwright-core';
import { startMcpServer, type McpServerOptions, type RunningMcpServer } from '../support/mcp-server/index.mjs';
import { toolScript, type OpenAiServer } from '../support/openai-server/index.mjs';
import { settingsDialog } from './locators';
import { modelServerPerFile } from './page-per-test';

export interface ToolServers {
  /** The OpenAI-compatible test server, scripted to ask for tools (tool-script.mjs). */
  readonly server: OpenAiServer;
  /** The MCP test server built with the official SDK (echo, fail, picture). */
  readonly mcp: RunningMcpServer;
}

/** Starts both servers once for the file (the model server reset before each test, as modelServerPerFile does). */
export function toolServersPerFile(mcpOptions: McpServerOptions = {}): ToolServers {
  const servers = {} as { server: OpenAiServer; mcp: RunningMcpServer };
  modelServerPerFile({ models: ['test-model'], script: toolScript() }, (started) => (servers.server = started));
  beforeAll(async () => {
    servers.mcp = await startMcpServer(mcpOptions);
  });
  afterAll(async () => {
    await servers.mcp?.close();
  });
  return servers;
}

export { settingsDialog };
export const toolsSection = (page: Page) => settingsDialog(page).getByRole('region', { name: 'Tools' });

/** Settings → Tools → Add MCP server, as a person fills it in: a name, the address, Enter. */
export async function addMcpServer(page: Page, name: string, url: string): Promise<void> {
  const section = toolsSection(page);
  await section.getByRole('button', { name: 'Add MCP server' }).click();
  await section.getByRole('textbox', { name: 'Server name' }).fill(name);
  await section.getByRole('textbox', { name: 'Server address' }).fill(url);
  await section.getByRole('textbox', { name: 'Server address' }).press('Enter');
}
