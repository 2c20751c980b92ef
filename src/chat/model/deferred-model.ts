import { ChatModelError, type ChatDelta, type ChatModel, type ChatModelRequest } from './chat-model';

/**
 * A model client whose code is fetched on its first request: the OpenAI-compatible reader
 * (stream parsers, decoders, error mapping) is not part of the first screen (issue 12). A load
 * that fails is forgotten, so the next request tries again, and reaches the caller as the
 * request's error.
 */
export function deferredModel(load: () => Promise<ChatModel>): ChatModel {
  let loading: Promise<ChatModel> | undefined;
  const client = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return {
    async *stream(request: ChatModelRequest): AsyncIterable<ChatDelta> {
      const model = await client();
      yield* model.stream(request);
    },
    async title(request: ChatModelRequest): Promise<string> {
      const model = await client();
      if (!model.title) throw new ChatModelError('unknown', 'This model offers no titles');
      return model.title(request);
    },
  };
}
