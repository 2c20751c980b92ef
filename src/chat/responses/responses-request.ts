import type { ContentPart, MessageContent } from '../attachments';
import type { ChatModelMessage, ChatModelRequest } from '../model';
import type { OpenAiTool } from '../model';
import { withoutDocumentText } from '../native';

/**
 * A request to OpenAI's Responses API built from the thread (issue 27): the system prompt as
 * `instructions`; every turn as an `input` item (pictures as `input_image`, calls as
 * `function_call`, results as `function_call_output`); `store: false`, so the whole conversation
 * goes each time and the provider keeps nothing. Thinking from another provider is not sent:
 * Responses takes back only its own reasoning items, which are not kept.
 */

type Json = Record<string, unknown>;

function inputParts(content: MessageContent): string | Json[] {
  if (typeof content === 'string') return content;
  return content.map((part: ContentPart) => (part.type === 'text' ? { type: 'input_text', text: part.text } : { type: 'input_image', image_url: part.image_url.url }));
}

/** A user turn: its PDFs as input_file parts first (their text left out of the rest), then its text and pictures. */
function userParts(message: ChatModelMessage): string | Json[] {
  const documents = message.documents ?? [];
  if (documents.length === 0) return inputParts(message.content);
  const parts = typeof message.content === 'string' ? [{ type: 'text' as const, text: message.content }] : message.content;
  const rest = parts.flatMap((part): ContentPart[] => {
    if (part.type !== 'text') return [part];
    const text = withoutDocumentText(part.text, documents);
    return text.trim() === '' ? [] : [{ type: 'text', text }];
  });
  const files = documents.map((document) => ({ type: 'input_file', filename: document.name, file_data: `data:application/pdf;base64,${document.data}` }));
  return [...files, ...(inputParts(rest) as Json[])];
}

const textOf = (content: MessageContent): string =>
  typeof content === 'string' ? content : content.map((part) => (part.type === 'text' ? part.text : '')).join('');

function items(message: ChatModelMessage): Json[] {
  switch (message.role) {
    case 'system':
      return [];
    case 'tool':
      return [{ type: 'function_call_output', call_id: message.toolCallId ?? '', output: textOf(message.content) }];
    case 'assistant': {
      const text = textOf(message.content);
      return [
        ...(text === '' ? [] : [{ role: 'assistant', content: text }]),
        ...(message.toolCalls ?? []).map((call) => ({ type: 'function_call', call_id: call.id, name: call.name, arguments: call.arguments || '{}' })),
      ];
    }
    default:
      return [{ role: 'user', content: userParts(message) }];
  }
}

/** Responses' tools are flat (no `function` wrapper); MCP schemas are not written for strict mode. */
export function responsesTools(tools: readonly OpenAiTool[]): Json[] {
  return tools.map(({ function: fn }) => ({ type: 'function', name: fn.name, ...(fn.description && { description: fn.description }), parameters: fn.parameters, strict: false }));
}

export interface ResponsesRequestOptions {
  stream: boolean;
  /** The provider keeps replies: the input starts after the last reply it kept, named by `previous_response_id`. */
  store?: boolean;
  temperature?: number;
  maxTokens?: number;
}

/**
 * The tools offered: the functions, and OpenAI's own `web_search` when the chat searches (issue
 * 37). Titles (the one request not streamed) never search.
 */
function tools(request: Omit<ChatModelRequest, 'signal'>, stream: boolean): Json[] {
  const functions = request.tools && request.tools.length > 0 ? responsesTools(request.tools) : [];
  return request.webSearch && stream ? [...functions, { type: 'web_search' }] : functions;
}

/** The whole body of a POST /v1/responses. */
export function responsesBody(request: Omit<ChatModelRequest, 'signal'>, options: ResponsesRequestOptions): Json {
  const instructions = request.messages
    .filter((message) => message.role === 'system')
    .map((message) => textOf(message.content))
    .filter((text) => text.trim() !== '')
    .join('\n\n');
  const temperature = request.temperature ?? options.temperature;
  const maxTokens = request.maxTokens ?? options.maxTokens;
  const kept = options.store ? request.messages.findLastIndex((message) => message.role === 'assistant' && message.responseId) : -1;
  const after = kept < 0 ? request.messages : request.messages.slice(kept + 1);
  const offered = tools(request, options.stream);
  const searches = offered.some((tool) => tool.type === 'web_search');
  return {
    ...(request.model && { model: request.model }),
    ...(instructions && { instructions }),
    ...(kept >= 0 && { previous_response_id: request.messages[kept]!.responseId }),
    input: after.flatMap(items),
    ...(offered.length > 0 && { tools: offered }),
    // The sources a search read come only when asked for: they count its results.
    ...(searches && { include: ['web_search_call.action.sources'] }),
    // Only a chat that asks for an effort asks for reasoning: a model without it refuses the field.
    ...(request.reasoningEffort && { reasoning: { effort: request.reasoningEffort, summary: 'auto' } }),
    ...(temperature !== undefined && { temperature }),
    ...(maxTokens !== undefined && { max_output_tokens: maxTokens }),
    store: options.store === true,
    ...(options.stream && { stream: true }),
  };
}
