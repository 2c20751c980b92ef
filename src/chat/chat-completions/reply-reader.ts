import { finish, OpenAiModelError, readEvents, readLimitedText, type DecodedDelta, type ReadOptions, type StreamClock } from '../wire';
import { createChunkDecoder } from './chunk-decoder';
import { foreignProtocolError, foreignProtocolOf } from './foreign-protocol';

/**
 * Reads a successful `/chat/completions` response as deltas: an event stream read by read (the
 * shared reader, wire/read-events.ts), or a whole JSON completion from a server that ignored
 * `stream: true`. Text that arrived is always delivered before a failure is reported; an abort
 * ends the deltas quietly. The formats of their own (native/native-model.ts) read their replies
 * here too, with their own event reader: a body that is not an event stream is read as Chat
 * Completions reads it, as it was before the formats had rooms of their own.
 */

/** A whole (not streamed) completion can be large, but not unbounded. */
export const COMPLETION_MAX_BYTES = 16 * 1024 * 1024;
/** Enough of an NDJSON body's first line to tell whose API wrote it. */
export const NDJSON_SNIFF_BYTES = 64 * 1024;

async function* readJson(response: Response, signal: AbortSignal, url: string, clock: StreamClock | undefined): AsyncGenerator<DecodedDelta> {
  const decoder = createChunkDecoder({ url });
  // The server answered: a whole completion arrives at once, however long it took to write.
  clock?.stop();
  const text = await readLimitedText(response, COMPLETION_MAX_BYTES);
  if (signal.aborted) return;
  yield* decoder.push({ type: 'message', data: text, lastEventId: '' });
  if (decoder.error) throw decoder.error;
  decoder.push({ type: 'message', data: '[DONE]', lastEventId: '' });
  yield* finish(decoder);
}

/** An NDJSON body is not an event stream: its first line says whose API answered (usually Ollama's native one). */
async function readNdjson(response: Response, url: string, type: string): Promise<never> {
  const text = await readLimitedText(response, NDJSON_SNIFF_BYTES);
  let first: unknown;
  try {
    first = JSON.parse(text.split('\n', 1)[0]!);
  } catch {
    first = undefined;
  }
  const isObject = typeof first === 'object' && first !== null && !Array.isArray(first);
  const foreign = isObject ? foreignProtocolOf(first as Record<string, unknown>) : undefined;
  // Any NDJSON chat stream is a native API's, and Ollama's is the one that speaks NDJSON.
  if (foreign || isObject) throw foreignProtocolError(foreign ?? 'ollama-native', url);
  throw new OpenAiModelError('malformed-stream', `${url} answered with ${type}, not an event stream`, { reason: 'not-event-stream', url });
}

export async function* readReply(response: Response, signal: AbortSignal, url: string, options: ReadOptions = {}): AsyncGenerator<DecodedDelta> {
  const type = response.headers.get('content-type') ?? '';
  // Anthropic and Responses always stream when asked: their own reader, whatever the content type says.
  if (options.decoder && response.body && !/\bhtml\b/i.test(type)) return yield* readEvents(response, signal, options, options.decoder);
  if (/\bjson\b/i.test(type)) return yield* readJson(response, signal, url, options.clock);
  if (/\bx-ndjson\b/i.test(type)) return await readNdjson(response, url, type);
  if (/\bhtml\b/i.test(type) || !response.body) {
    void response.body?.cancel().catch(() => {});
    throw new OpenAiModelError('malformed-stream', `${url} answered with ${type || 'an empty body'}, not an event stream`, {
      reason: 'not-event-stream',
      url,
    });
  }
  yield* readEvents(response, signal, options, options.decoder ?? (() => createChunkDecoder({ url })));
}
