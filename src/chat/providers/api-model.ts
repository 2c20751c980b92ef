import type { ChatModel } from '../model';
import { deferredModel } from '../model';
import { createOpenAiModel, type OpenAiModelOptions } from './openai-model';
import type { OpenAiConnection } from './transport';

/**
 * The client for a connection in its own wire format (issue 27): Chat Completions at once, and
 * Anthropic Messages or OpenAI Responses from their own modules, fetched with their first request.
 */
export function createApiModel(connection: OpenAiConnection, options: OpenAiModelOptions = {}): ChatModel {
  switch (connection.api) {
    case 'anthropic':
      return deferredModel(() => import('./anthropic-model').then((module) => module.createAnthropicModel(connection, options)));
    case 'responses':
      return deferredModel(() => import('./responses-model').then((module) => module.createResponsesModel(connection, options)));
    default:
      return createOpenAiModel(connection, options);
  }
}
