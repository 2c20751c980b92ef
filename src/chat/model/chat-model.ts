import type { MessageContent } from '../attachments';
import type { Citation, MessageRole, ReasoningEffortChoice, SearchStep, ThinkingBlock, Timing, Usage } from '../types';

/**
 * The seam between chats and language models: a model takes a thread and returns an abortable
 * stream of deltas. Real endpoints plug in here (the app registers one); tests use a scripted
 * implementation. The domain ships no model of its own.
 */

export interface ChatModelMessage {
  role: MessageRole;
  /** Text, or OpenAI content parts for a user message with pictures (attachments/content-parts.ts). */
  content: MessageContent;
  /** An assistant turn that called tools: the calls its `tool` messages answer (issue 16). */
  toolCalls?: ChatModelToolCall[];
  /** A `tool` turn: the id of the call it answers. */
  toolCallId?: string;
  /** An assistant turn's thinking blocks with their signatures (Anthropic); other formats leave them out. */
  thinkingBlocks?: ThinkingBlock[];
  /** A `tool` turn whose call failed or was refused (Anthropic's `is_error`). */
  isError?: boolean;
  /**
   * A user turn's PDFs as files (issue 27), for the formats that read PDFs themselves (Anthropic's
   * document blocks, Responses' input_file); Chat Completions sends the text `content` carries.
   */
  documents?: ChatModelDocument[];
  /** An assistant turn the Responses API kept: its id (issue 27). */
  responseId?: string;
}

export interface ChatModelDocument {
  name: string;
  /** The PDF's bytes, base64. */
  data: string;
  /** The text block `content` carries for it, which a format that sends the file leaves out. */
  text: string;
}

/** A call as the model made it, sent back with the conversation. */
export interface ChatModelToolCall {
  id: string;
  name: string;
  /** JSON text, as the model wrote it. */
  arguments: string;
}

/** A function the model may call, in OpenAI's `tools` request format (tools/ offers MCP tools as these; each wire format maps them). */
export interface OpenAiTool {
  type: 'function';
  function: { name: string; description?: string; parameters: Record<string, unknown> };
}

export interface ChatModelRequest {
  model?: string;
  messages: ChatModelMessage[];
  signal: AbortSignal;
  /** Unset: the server decides. */
  temperature?: number;
  maxTokens?: number;
  /** The functions the model may call; absent or empty: none offered. */
  tools?: OpenAiTool[];
  /** Anthropic's extended thinking: the tokens it may think with (unset: no extended thinking). */
  thinkingBudget?: number;
  /** OpenAI Responses' reasoning effort (unset: the model's default). */
  reasoningEffort?: ReasoningEffort;
  /**
   * Offer the provider's own web search (issue 37): Responses' `web_search` tool, Anthropic's
   * `web_search` server tool, OpenRouter's `web` plugin. Unset: none, and no format asks for one.
   */
  webSearch?: boolean;
}

/** Responses' reasoning effort (chat/types.ts lists them). */
export type ReasoningEffort = ReasoningEffortChoice;

export type ChatDelta =
  | { type: 'content'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'usage'; usage: Usage }
  | { type: 'finish'; reason: string }
  /** Figures the server measured itself (llama.cpp reports them); they win over the client's. */
  | { type: 'timing'; timing: Timing }
  /**
   * The content so far was reasoning after all: a reply that only ever closes `</think>` (its
   * opening tag was in the prompt template) shows where its thinking ended only at that tag.
   */
  | { type: 'content-was-reasoning' }
  /**
   * A piece of the tool call at `index`: the first piece usually brings its id and name, later
   * ones more of its arguments (JSON text, appended).
   */
  | { type: 'tool-call'; index: number; id?: string; name?: string; arguments?: string }
  /** A whole thinking block with its signature (Anthropic), kept on the reply to send back. */
  | { type: 'thinking-block'; block: ThinkingBlock }
  /** The Responses API's id of the reply, kept to refer back to it when the provider stores replies. */
  | { type: 'response-id'; id: string }
  /** Events of the stream that were not valid data and were skipped (counted, the reply goes on). */
  | { type: 'skipped-events'; count: number }
  /**
   * A source the reply cites (issue 37): Responses' `url_citation` annotations, Anthropic's text
   * block `citations`, Chat Completions' `annotations`. Its `start`/`end` count in this stream's
   * text (the content parts it yielded), not the message's: a Continue's stream starts at 0.
   */
  | { type: 'citation'; citation: Citation }
  /** A web search the provider runs (issue 37): the first part with an id starts a step, later ones update it. */
  | { type: 'search'; search: SearchStep };

/** Failures a model reports, so the app can explain each in the user's language (SPEC B6). */
export type ChatErrorCode =
  | 'no-model'
  | 'unreachable'
  | 'unauthorized'
  | 'model-not-found'
  | 'rate-limited'
  | 'server-error'
  | 'stream-interrupted'
  | 'malformed-stream'
  /** The server refused a request that offered tools (the model or server has no function calling). */
  | 'tools-unsupported'
  | 'unknown';

export class ChatModelError extends Error {
  override readonly name = 'ChatModelError';
  readonly code: ChatErrorCode;
  /** HTTP status, when there was a response. */
  readonly status?: number;
  /** How long the server asked to wait (429). */
  readonly retryAfterMs?: number;
  /** Finer detail for the code (`cors`, `mixed-content`, `incomplete`…), so the app can name the fix. */
  readonly reason?: string;

  constructor(
    code: ChatErrorCode,
    message: string,
    details: { status?: number; retryAfterMs?: number; reason?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
    this.code = code;
    this.status = details.status;
    this.retryAfterMs = details.retryAfterMs;
    this.reason = details.reason;
  }
}

export interface ChatModel {
  /** Rejects or throws a ChatModelError on failure; ends early (or throws AbortError) once the signal aborts. */
  stream(request: ChatModelRequest): AsyncIterable<ChatDelta>;
  /** A short title for a chat from its first exchange; optional. */
  title?(request: ChatModelRequest): Promise<string>;
}

export interface ChatModelRegistry {
  get(): ChatModel | null;
  set(model: ChatModel | null): void;
  subscribe(listener: () => void): () => void;
}

export function createChatModelRegistry(): ChatModelRegistry {
  let current: ChatModel | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(model) {
      if (model === current) return;
      current = model;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The app's registry: the composition root plugs the configured endpoint in here. */
export const chatModels: ChatModelRegistry = createChatModelRegistry();
export const setChatModel = (model: ChatModel | null): void => chatModels.set(model);
export const getChatModel = (): ChatModel | null => chatModels.get();
export const subscribeChatModel = (listener: () => void): (() => void) => chatModels.subscribe(listener);
/** For tests: forget the registered model. */
export const resetChatModel = (): void => chatModels.set(null);
