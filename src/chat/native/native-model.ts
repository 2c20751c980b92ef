import { readReply } from '../chat-completions';
import type { ChatDelta, ChatModelRequest } from '../model';
import {
  cleanTitle,
  createTransport,
  DEFAULT_STREAM_LIMITS,
  diagnoseWrongFormat,
  errorFromResponse,
  OpenAiModelError,
  readLimitedText,
  startStreamClock,
  titleMessages,
  TITLE_MAX_TOKENS,
  TITLE_TEMPERATURE,
  type ChunkDecoder,
  type OpenAiChatRequest,
  type OpenAiConnection,
  type OpenAiModel,
  type OpenAiModelOptions,
  type StreamLimits,
} from '../wire';

/**
 * A ChatModel for a wire format of its own (issue 27: Anthropic Messages, OpenAI Responses): the
 * same transport, time-outs and stream reader as Chat Completions, with the format's request
 * body, event reader and whole-reply reading given by `format`.
 */

export interface NativeFormat {
  /** Under the base URL: `messages`, `responses`. */
  path: string;
  body(request: Omit<OpenAiChatRequest, 'signal'>, stream: boolean, options: OpenAiModelOptions): Record<string, unknown>;
  decoder(): ChunkDecoder;
  /** The text of a whole (not streamed) reply, for titles. */
  replyText(body: unknown): string;
  /** A failed response's error, where the format says more than its status (Anthropic's missing model). */
  refine?(error: OpenAiModelError, body: unknown): OpenAiModelError;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function createNativeModel(connection: OpenAiConnection, format: NativeFormat, options: OpenAiModelOptions = {}): OpenAiModel {
  const transport = createTransport(connection, options);
  const now = options.now ?? Date.now;
  const limits: StreamLimits = { ...DEFAULT_STREAM_LIMITS, ...options.limits };
  const url = transport.url(format.path);

  const request = async (payload: Record<string, unknown>, signal: AbortSignal, accept: string): Promise<Response> => {
    const response = await transport.request(format.path, { method: 'POST', json: payload, signal, accept });
    if (response.ok) return response;
    const text = await readLimitedText(response);
    const error = errorFromResponse(response, text, url, now());
    throw format.refine ? format.refine(error, parsed(text)) : error;
  };
  // A failure that hides a server speaking another format (a CORS preflight refused, a 404) is said as that.
  const post = (payload: Record<string, unknown>, signal: AbortSignal, accept: string): Promise<Response> =>
    request(payload, signal, accept).catch(async (error: unknown) => {
      throw signal.aborted ? error : await diagnoseWrongFormat(connection, error, options);
    });

  return {
    connection,
    sendsStreamOptions: false,

    async *stream(request: OpenAiChatRequest): AsyncIterable<ChatDelta> {
      const { signal, ...rest } = request;
      if (signal.aborted) return;
      const clock = startStreamClock(signal, limits);
      try {
        let response: Response;
        try {
          response = await post(format.body(rest, true, options), clock.signal, 'text/event-stream');
        } catch (error) {
          if (clock.expired) throw clock.expired;
          if (signal.aborted) return;
          throw error;
        }
        yield* readReply(response, signal, url, { clock, maxEventChars: options.maxEventChars, decoder: format.decoder });
      } finally {
        clock.stop();
      }
    },

    async title(request: ChatModelRequest): Promise<string> {
      const { signal, ...rest } = request;
      const titleRequest = { ...rest, tools: undefined, thinkingBudget: undefined, reasoningEffort: undefined, messages: titleMessages(request.messages), temperature: TITLE_TEMPERATURE, maxTokens: TITLE_MAX_TOKENS };
      const response = await post(format.body(titleRequest, false, options), signal, 'application/json');
      const title = cleanTitle(format.replyText(parsed(await readLimitedText(response))));
      if (title === '') throw new OpenAiModelError('unknown', 'The model suggested an empty title');
      return title;
    },
  };
}
