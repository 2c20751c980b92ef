import { createNativeModel, type NativeFormat } from '../native';
import { OpenAiModelError, type OpenAiConnection, type OpenAiModel, type OpenAiModelOptions } from '../wire';
import { anthropicBody } from './anthropic-request';
import { createAnthropicDecoder } from './anthropic-events';

/** A ChatModel speaking Anthropic's Messages API (issue 27): POST {base}/messages, streamed. */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Anthropic names a missing model as `model: <id>` in a 404 `not_found_error`. */
const MISSING_MODEL = /^model:/i;

/** Anthropic's Messages API as a NativeFormat: its body, its events, its whole reply and its errors. */
export function anthropicFormat(options: OpenAiModelOptions = {}): NativeFormat {
  return {
    path: 'messages',
    body: (request, stream) => anthropicBody(request, { stream, temperature: options.temperature, maxTokens: options.maxTokens }),
    decoder: createAnthropicDecoder,
    replyText: (body) =>
      isObject(body) && Array.isArray(body.content)
        ? body.content.map((block) => (isObject(block) && block.type === 'text' && typeof block.text === 'string' ? block.text : '')).join('')
        : '',
    refine(error, body) {
      const anthropic = isObject(body) && body.type === 'error' && isObject(body.error) ? body.error : undefined;
      if (anthropic?.type === 'overloaded_error' || error.status === 529) {
        return new OpenAiModelError('server-error', error.message, { status: error.status, reason: 'overloaded', url: error.url });
      }
      if (anthropic?.type === 'not_found_error' && MISSING_MODEL.test(error.message)) {
        return new OpenAiModelError('model-not-found', error.message, { status: error.status, url: error.url });
      }
      // Anything but Anthropic's own error shape from {base}/messages: an OpenAI-compatible server (or a page) answered.
      if (!anthropic && isObject(body) && isObject(body.error) && error.status !== 404) {
        return new OpenAiModelError('malformed-stream', error.message, { status: error.status, reason: 'openai-api', url: error.url });
      }
      return error;
    },
  };
}

export function createAnthropicModel(connection: OpenAiConnection, options: OpenAiModelOptions = {}): OpenAiModel {
  return createNativeModel(connection, anthropicFormat(options), options);
}
