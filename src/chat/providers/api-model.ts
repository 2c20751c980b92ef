import { createOpenAiModel } from '../chat-completions';
import type { ChatModel } from '../model';
import { deferredModel } from '../model';
import type { CreateFormatModel, OpenAiConnection, OpenAiModelOptions, WireApi } from '../wire';

/**
 * The registry of wire formats (issue 35): the client for a connection in its own format (issue
 * 27). Chat Completions (a connection with no `api`) at once; every other format from its own
 * folder, fetched with its first request (its model file is a chunk of its own). A new format is
 * its folder, its name in `WireApi` (wire/transport.ts) and one line here: the stream worker and
 * the page find formats only through this file.
 */
const FORMATS: Record<WireApi, () => Promise<CreateFormatModel>> = {
  anthropic: () => import('../anthropic/anthropic-model').then((module) => module.createAnthropicModel),
  responses: () => import('../responses/responses-model').then((module) => module.createResponsesModel),
};

export function createApiModel(connection: OpenAiConnection, options: OpenAiModelOptions = {}): ChatModel {
  const load = connection.api !== undefined && Object.hasOwn(FORMATS, connection.api) ? FORMATS[connection.api] : undefined;
  if (!load) return createOpenAiModel(connection, options);
  return deferredModel(() => load().then((create) => create(connection, options)));
}
