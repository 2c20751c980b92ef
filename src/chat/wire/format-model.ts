// The one interface every wire format's client implements, its options, and how every format asks for a title.
import { contentText } from '../attachments';
import type { ChatDelta, ChatModel, ChatModelMessage, ChatModelRequest } from '../model';
import type { StreamLimits } from './stream-clock';
import type { OpenAiConnection, TransportOptions } from './transport';

/**
 * A wire format (issue 35) is a folder of src/chat that makes an OpenAiModel for a connection:
 * chat-completions/ (`createOpenAiModel`), anthropic/ (`createAnthropicModel`), responses/
 * (`createResponsesModel`). It builds its request, reads its events into stream parts
 * (stream-parts.ts) and its errors into OpenAiModelErrors; the rest of the app asks
 * providers/api-model.ts for a connection's model and reads only the parts.
 */

export interface SamplingOptions {
  /** Unset: the server decides. */
  temperature?: number;
  /** Unset: the server decides. */
  maxTokens?: number;
}

/** A request may carry its own sampling settings (a chat's); they win over the model's defaults. */
export interface OpenAiChatRequest extends ChatModelRequest, SamplingOptions {}

export interface OpenAiModelOptions extends TransportOptions, SamplingOptions {
  now?: () => number;
  /** The time-outs of a streamed reply (tests shorten them). */
  limits?: Partial<StreamLimits>;
  /** The largest event of a stream kept in memory, in characters. */
  maxEventChars?: number;
}

/** The client of one connection in its wire format: a ChatModel that streams stream parts and asks for titles. */
export interface OpenAiModel extends ChatModel {
  stream(request: OpenAiChatRequest): AsyncIterable<ChatDelta>;
  title(request: ChatModelRequest): Promise<string>;
  readonly connection: OpenAiConnection;
  /** False once the server refused `stream_options`; it is not sent to this connection again. */
  readonly sendsStreamOptions: boolean;
}

/** What a format's folder gives the registry (providers/api-model.ts): its client for a connection. */
export type CreateFormatModel = (connection: OpenAiConnection, options?: OpenAiModelOptions) => OpenAiModel;

/** A 3–6 word title is about a dozen tokens; a little room for a model that adds a label. */
export const TITLE_MAX_TOKENS = 32;
/** Titles should be plain and stable, not creative. */
export const TITLE_TEMPERATURE = 0.2;
/** Enough of each message to know what the chat is about, without paying for a long one. */
export const TITLE_CONTEXT_CHARS = 1000;
export const TITLE_INSTRUCTION =
  'Write a title of 3 to 6 words for the conversation below, in the language of the conversation. ' +
  'Reply with the title only: no quotes, no label, no final punctuation.';

const WRAPPING_QUOTES = /^["'`“”‘’«»*#\s]+|["'`“”‘’«»*\s]+$/g;

/** The model's title with the quotes, label and markdown models like to add taken off. */
export function cleanTitle(text: string): string {
  const line = text.split('\n').find((l) => l.trim() !== '') ?? '';
  return line.trim().replace(/^title\s*:\s*/i, '').replace(WRAPPING_QUOTES, '');
}

/** The thread as one transcript under the title instruction (every format asks for titles this way). */
export function titleMessages(messages: ChatModelMessage[]): ChatModelMessage[] {
  const transcript = messages
    .filter((m) => m.role !== 'system')
    .map((m) => `${m.role === 'user' ? 'User' : 'Assistant'}: ${contentText(m.content).slice(0, TITLE_CONTEXT_CHARS)}`)
    .join('\n\n');
  return [
    { role: 'system', content: TITLE_INSTRUCTION },
    { role: 'user', content: transcript },
  ];
}
