import type { ChatModelMessage } from '../model';
import {
  cleanTitle,
  createTransport,
  DEFAULT_STREAM_LIMITS,
  errorFromResponse,
  OpenAiModelError,
  readLimitedText,
  startStreamClock,
  titleMessages,
  TITLE_MAX_TOKENS,
  TITLE_TEMPERATURE,
  type OpenAiChatRequest,
  type OpenAiConnection,
  type OpenAiModel,
  type OpenAiModelOptions,
  type StreamLimits,
} from '../wire';
import { readReply } from './reply-reader';

/**
 * A ChatModel backed by an OpenAI-compatible server (Ollama, llama.cpp, vLLM, LM Studio, OpenAI,
 * OpenRouter…): streams `/chat/completions`, checks the status before reading, adapts once to a
 * server that refuses a request field, and asks for short titles.
 */

const CHAT_PATH = 'chat/completions';
/** A 400/422 saying the server does not know `stream_options` (or rejects unknown fields in general). */
const REFUSES_STREAM_OPTIONS =
  /stream_options|include_usage|unrecogni[sz]ed (request )?(field|argument|parameter|key)|unknown (field|parameter|argument|key)|extra (fields|inputs) (are )?not permitted|extra_forbidden/i;
/** OpenAI's reasoning models want max_completion_tokens instead of max_tokens. */
const WANTS_MAX_COMPLETION_TOKENS = /max_completion_tokens/;
const REFUSAL_STATUSES = new Set([400, 422]);

/** OpenRouter's host: the one Chat Completions server whose web search a request turns on (its `web` plugin). */
const OPENROUTER_HOST = 'openrouter.ai';

/**
 * Whether a chat that searches (issue 37) asks this server to: only OpenRouter has a way in Chat
 * Completions (other servers' search models search anyway, and their annotations are read all the same).
 */
export function searchesWith(connection: OpenAiConnection): boolean {
  try {
    return new URL(connection.baseUrl).hostname === OPENROUTER_HOST;
  } catch {
    return false;
  }
}

/** A message in OpenAI's shape: an assistant turn's calls as `tool_calls`, a tool result with its `tool_call_id`. */
export function wireMessage({ role, content, toolCalls, toolCallId }: ChatModelMessage): Record<string, unknown> {
  if (role === 'tool') return { role, tool_call_id: toolCallId, content };
  if (!toolCalls?.length) return { role, content };
  const calls = toolCalls.map(({ id, name, arguments: args }) => ({ id, type: 'function', function: { name, arguments: args } }));
  return { role, content, tool_calls: calls };
}

export function createOpenAiModel(connection: OpenAiConnection, options: OpenAiModelOptions = {}): OpenAiModel {
  const transport = createTransport(connection, options);
  const now = options.now ?? Date.now;
  const limits: StreamLimits = { ...DEFAULT_STREAM_LIMITS, ...options.limits };
  let sendsStreamOptions = true;
  let maxTokensField: 'max_tokens' | 'max_completion_tokens' = 'max_tokens';
  const searchPlugin = searchesWith(connection);

  const body = (request: OpenAiChatRequest, extra: Record<string, unknown>) => {
    const temperature = request.temperature ?? options.temperature;
    const maxTokens = request.maxTokens ?? options.maxTokens;
    return {
      ...(request.model ? { model: request.model } : {}),
      messages: request.messages.map(wireMessage),
      ...(request.tools && request.tools.length > 0 && { tools: request.tools }),
      ...(request.webSearch && searchPlugin && { plugins: [{ id: 'web' }] }),
      ...extra,
      ...(temperature !== undefined && { temperature }),
      ...(maxTokens !== undefined && { [maxTokensField]: maxTokens }),
    };
  };

  /** POSTs and checks the status; a request field the server refuses is dropped once and remembered. */
  const post = async (build: () => Record<string, unknown>, signal: AbortSignal, accept: string): Promise<Response> => {
    for (;;) {
      const payload = build();
      const response = await transport.request(CHAT_PATH, { method: 'POST', json: payload, signal, accept });
      if (response.ok) return response;
      const text = await readLimitedText(response);
      if (REFUSAL_STATUSES.has(response.status)) {
        if ('stream_options' in payload && REFUSES_STREAM_OPTIONS.test(text)) {
          sendsStreamOptions = false;
          continue;
        }
        if ('max_tokens' in payload && WANTS_MAX_COMPLETION_TOKENS.test(text)) {
          maxTokensField = 'max_completion_tokens';
          continue;
        }
      }
      throw errorFromResponse(response, text, transport.url(CHAT_PATH), now());
    }
  };

  return {
    connection,
    get sendsStreamOptions() {
      return sendsStreamOptions;
    },

    async *stream(request) {
      const { signal } = request;
      if (signal.aborted) return;
      const clock = startStreamClock(signal, limits);
      try {
        let response: Response;
        try {
          const streamFields = () => ({ stream: true, ...(sendsStreamOptions && { stream_options: { include_usage: true } }) });
          response = await post(() => body(request, streamFields()), clock.signal, 'text/event-stream');
        } catch (error) {
          if (clock.expired) throw clock.expired;
          // Stopped before the reply began: quietly, like a stop during the reply.
          if (signal.aborted) return;
          throw error;
        }
        for await (const delta of readReply(response, signal, transport.url(CHAT_PATH), { clock, maxEventChars: options.maxEventChars })) {
          yield delta;
        }
      } finally {
        clock.stop();
      }
    },

    async title(request) {
      // A title never searches.
      const titleRequest = { ...request, webSearch: undefined, messages: titleMessages(request.messages), temperature: TITLE_TEMPERATURE, maxTokens: TITLE_MAX_TOKENS };
      const response = await post(() => body(titleRequest, { stream: false }), request.signal, 'application/json');
      let text = '';
      for await (const delta of readReply(response, request.signal, transport.url(CHAT_PATH))) {
        if (delta.type === 'content') text += delta.text;
        else if (delta.type === 'content-was-reasoning') text = '';
      }
      const title = cleanTitle(text);
      if (title === '') throw new OpenAiModelError('unknown', 'The model suggested an empty title');
      return title;
    },
  };
}
