// Tools Parley provides itself (issue 36's code tools; later web search, recall): each a "server" of
// this shape under a reserved id, offered, approved, run, stopped and shown exactly like an MCP
// server's tools (docs/architecture.md, "A built-in tool is a connection"). The tool runner
// (tools/) holds the list; each capability's room defines its own and depends on mcp/, never back.
import type { Attachment } from '../attachments';
import type { Message } from '../types';
import type { McpTool, ToolResult } from './tool-types';

/** The reserved prefix of a built-in server's id: a server the user adds gets a random id, never this. */
export const BUILT_IN_PREFIX = 'parley:';
export const isBuiltInServer = (serverId: string): boolean => serverId.startsWith(BUILT_IN_PREFIX);

/** What a built-in call may read of its chat: its messages, and a file's bytes by id. */
export interface BuiltInCallContext {
  chatId: string;
  messages: readonly Message[];
  loadAttachment(id: string): Promise<Attachment | undefined>;
}

export interface BuiltInServer {
  /** BUILT_IN_PREFIX and a name: `parley:code`. */
  id: string;
  /** What the user sees in the Tools menu and on a call's card. */
  label: string;
  /** The tools it offers; the model sees their names as they are (no server prefix: they are Parley's). */
  tools: readonly McpTool[];
  /**
   * Its calls run without asking unless the user set a policy for the tool: a switch the user
   * turned on for the chat already said yes (web search, issue 37: the queries go where the user
   * chose). Unset: a call asks first, as an MCP tool's does.
   */
  consented?: boolean;
  /** Rejects with an AbortError once `signal` aborts (Stop). */
  callTool(name: string, args: Record<string, unknown>, signal: AbortSignal, context: BuiltInCallContext): Promise<ToolResult>;
}
