import type { ContentPart, MessageContent } from '../attachments';
import type { ChatModelMessage, ChatModelRequest } from '../model';
import type { OpenAiTool } from '../model';
import { withoutDocumentText } from '../native';

/**
 * A request to Anthropic's Messages API built from the thread (issue 27): the system prompt as
 * `system`; user and assistant turns alternating (neighbours of one role merged, as the API
 * requires); pictures as base64 image blocks; tool calls as `tool_use` blocks and their results
 * as `tool_result` blocks in the next user turn; thinking blocks sent back with their signatures,
 * exactly as they came, ahead of the calls they led to.
 */

type Json = Record<string, unknown>;
type Block = Json & { type: string };

/** Anthropic requires `max_tokens`; this is what a chat with no Maximum tokens asks for. */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 8192;
/** Anthropic's smallest thinking budget. */
export const MIN_THINKING_BUDGET = 1024;
/** The answer's own room above the thinking budget when the chat sets no Maximum tokens (the budget must stay below max_tokens). */
export const ANSWER_TOKENS_ABOVE_BUDGET = 4096;

const DATA_URL = /^data:([^;,]+);base64,(.*)$/s;

/** A picture part as an image block: base64 from a data URL, else by its address. */
function imageBlock(url: string): Block {
  const data = DATA_URL.exec(url);
  if (data) return { type: 'image', source: { type: 'base64', media_type: data[1], data: data[2] } };
  return { type: 'image', source: { type: 'url', url } };
}

function partBlock(part: ContentPart): Block | undefined {
  if (part.type === 'text') return part.text === '' ? undefined : { type: 'text', text: part.text };
  return imageBlock(part.image_url.url);
}

function contentBlocks(content: MessageContent): Block[] {
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  return content.flatMap((part) => partBlock(part) ?? []);
}

/** A call's arguments as the object `tool_use.input` must be (text that is not an object becomes `{}`). */
function inputOf(args: string): Json {
  if (args.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(args);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
  } catch {
    return {};
  }
}

function assistantBlocks(message: ChatModelMessage): Block[] {
  const calls = message.toolCalls ?? [];
  const thinking = calls.length > 0 ? (message.thinkingBlocks ?? []) : [];
  return [
    ...thinking.map((block) => ({ ...block })),
    ...contentBlocks(message.content),
    ...calls.map((call) => ({ type: 'tool_use', id: call.id, name: call.name, input: inputOf(call.arguments) })),
  ];
}

/** A user turn: its PDFs as document blocks first (their text left out of the rest), then its text and pictures. */
function userBlocks(message: ChatModelMessage): Block[] {
  const documents = message.documents ?? [];
  if (documents.length === 0) return contentBlocks(message.content);
  const rest = contentBlocks(message.content).flatMap((block) => {
    if (block.type !== 'text') return [block];
    const text = withoutDocumentText(block.text as string, documents);
    return text.trim() === '' ? [] : [{ ...block, text }];
  });
  const files = documents.map((document) => ({ type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: document.data }, title: document.name }));
  return [...files, ...rest];
}

function toolResultBlock(message: ChatModelMessage): Block {
  const content = typeof message.content === 'string' ? message.content : contentBlocks(message.content);
  return { type: 'tool_result', tool_use_id: message.toolCallId ?? '', content, ...(message.isError && { is_error: true }) };
}

/** The turns in Anthropic's shape: each role once in a row, starting with the user. */
export function anthropicMessages(messages: readonly ChatModelMessage[]): { system?: string; messages: { role: 'user' | 'assistant'; content: Block[] }[] } {
  const system = messages
    .filter((message) => message.role === 'system')
    .map((message) => (typeof message.content === 'string' ? message.content : message.content.map((part) => (part.type === 'text' ? part.text : '')).join('')))
    .filter((text) => text.trim() !== '')
    .join('\n\n');
  const turns: { role: 'user' | 'assistant'; content: Block[] }[] = [];
  for (const message of messages) {
    if (message.role === 'system') continue;
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    const blocks = message.role === 'tool' ? [toolResultBlock(message)] : message.role === 'assistant' ? assistantBlocks(message) : userBlocks(message);
    if (blocks.length === 0) continue;
    const last = turns[turns.length - 1];
    if (last?.role === role) {
      // Tool results open their user turn: the API reads them first after the calls.
      last.content = message.role === 'tool' ? [...last.content.filter((b) => b.type === 'tool_result'), ...blocks, ...last.content.filter((b) => b.type !== 'tool_result')] : [...last.content, ...blocks];
    } else turns.push({ role, content: blocks });
  }
  // The first turn must be the user's (a thread whose first kept message is a reply, after a compaction).
  if (turns[0]?.role === 'assistant') turns.unshift({ role: 'user', content: [{ type: 'text', text: '…' }] });
  return { ...(system && { system }), messages: turns };
}

export function anthropicTools(tools: readonly OpenAiTool[]): Json[] {
  return tools.map(({ function: fn }) => ({ name: fn.name, ...(fn.description && { description: fn.description }), input_schema: fn.parameters }));
}

/** Anthropic's own web search (issue 37), run on its side: at most 5 searches a reply. */
export const ANTHROPIC_WEB_SEARCH_TOOL = { type: 'web_search_20250305', name: 'web_search', max_uses: 5 } as const;

export interface AnthropicRequestOptions {
  stream: boolean;
  /** The model's default temperature and maximum, where the request sets none. */
  temperature?: number;
  maxTokens?: number;
}

/** The whole body of a POST /v1/messages. */
export function anthropicBody(request: Omit<ChatModelRequest, 'signal'>, options: AnthropicRequestOptions): Json {
  const { system, messages } = anthropicMessages(request.messages);
  const budget = request.thinkingBudget !== undefined && request.thinkingBudget >= MIN_THINKING_BUDGET ? Math.floor(request.thinkingBudget) : undefined;
  const asked = request.maxTokens ?? options.maxTokens;
  const maxTokens = budget === undefined ? (asked ?? ANTHROPIC_DEFAULT_MAX_TOKENS) : Math.max(asked ?? 0, budget + ANSWER_TOKENS_ABOVE_BUDGET);
  // Extended thinking allows no temperature but the default.
  const temperature = budget === undefined ? (request.temperature ?? options.temperature) : undefined;
  // Titles (the one request not streamed) never search.
  const tools: Json[] = anthropicTools(request.tools ?? []);
  if (request.webSearch && options.stream) tools.push({ ...ANTHROPIC_WEB_SEARCH_TOOL });
  return {
    ...(request.model && { model: request.model }),
    max_tokens: maxTokens,
    ...(system && { system }),
    messages,
    ...(tools.length > 0 && { tools }),
    ...(budget !== undefined && { thinking: { type: 'enabled', budget_tokens: budget } }),
    ...(temperature !== undefined && { temperature }),
    ...(options.stream && { stream: true }),
  };
}
