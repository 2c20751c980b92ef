/**
 * Tools as plain data, free of the MCP SDK (which is loaded only when a chat uses tools). A tool's
 * description and everything it returns are untrusted text: shown as text, never as HTML.
 */
import type { Citation } from '../types';

/** JSON Schema of a tool's arguments, as the server sent it (an object schema). */
export type ToolInputSchema = Record<string, unknown>;

/** One server's tool, by the server's id in the settings and the tool's name. */
export interface ToolTarget {
  serverId: string;
  tool: string;
}

/** A tool an MCP server offers. */
export interface McpTool {
  name: string;
  /** Untrusted text from the server. */
  description?: string;
  inputSchema: ToolInputSchema;
}

export type ToolResultPart =
  | { type: 'text'; text: string }
  /** A picture, base64 (no `data:` prefix), with the MIME type the server gave. */
  | { type: 'image'; data: string; mimeType: string };

/** What a tool call returned; `isError` when the tool itself reported a failure. */
export interface ToolResult {
  parts: ToolResultPart[];
  isError: boolean;
  /** Kinds of content that were left out (audio, resources…), counted so the user can be told. */
  skipped: number;
  /** A search tool's results (issue 37), in the order its text numbers them [1], [2]…: kept on the tool message as its `sources`. */
  sources?: Citation[];
}

/** A connected MCP server: list its tools, call one, close the connection. */
export interface McpConnection {
  /** Which transport answered: the current Streamable HTTP, or the older HTTP+SSE. */
  readonly transport: 'streamable-http' | 'sse';
  listTools(signal?: AbortSignal): Promise<McpTool[]>;
  /** Rejects with an AbortError once `signal` aborts (the server is told the call was cancelled). */
  callTool(name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<ToolResult>;
  close(): Promise<void>;
}

export interface McpServerAddress {
  url: string;
  /** Sent with every request (Authorization, API keys…). */
  headers?: Record<string, string>;
}
