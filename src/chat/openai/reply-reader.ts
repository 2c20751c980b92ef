import { createChunkDecoder, type ChunkDecoder, type DecodedDelta } from './chunk-decoder';
import { isAbortError, readLimitedText } from './http-errors';
import { OpenAiModelError } from './openai-error';
import { createSseParser } from './sse-parser';

/**
 * Reads a successful `/chat/completions` response as deltas: an event stream read by read, or a
 * whole JSON completion from a server that ignored `stream: true`. Text that arrived is always
 * delivered before a failure is reported; an abort ends the deltas quietly.
 */

/** A whole (not streamed) completion can be large, but not unbounded. */
export const COMPLETION_MAX_BYTES = 16 * 1024 * 1024;

/** Merges neighbouring text deltas of one read, so a fast server costs one update per read, not per token. */
export function coalesce(deltas: DecodedDelta[]): DecodedDelta[] {
  const merged: DecodedDelta[] = [];
  for (const delta of deltas) {
    const last = merged[merged.length - 1];
    if (last && (delta.type === 'content' || delta.type === 'reasoning') && last.type === delta.type) {
      merged[merged.length - 1] = { type: delta.type, text: last.text + delta.text };
    } else merged.push(delta);
  }
  return merged;
}

function* finish(decoder: ChunkDecoder, broken?: unknown): Generator<DecodedDelta> {
  yield* coalesce(decoder.end());
  const { error } = decoder;
  if (!error) return;
  // The body ended early because the connection broke, not because the server ended it.
  if (broken !== undefined && error.reason === 'incomplete') {
    const detail = broken instanceof Error ? broken.message : String(broken);
    throw new OpenAiModelError('stream-interrupted', `The connection broke during the reply (${detail})`, { reason: 'connection-lost', cause: broken });
  }
  throw error;
}

async function* readJson(response: Response, signal: AbortSignal): AsyncGenerator<DecodedDelta> {
  const decoder = createChunkDecoder();
  const text = await readLimitedText(response, COMPLETION_MAX_BYTES);
  if (signal.aborted) return;
  yield* decoder.push({ type: 'message', data: text, lastEventId: '' });
  if (decoder.error) throw decoder.error;
  decoder.push({ type: 'message', data: '[DONE]', lastEventId: '' });
  yield* finish(decoder);
}

async function* readEvents(response: Response, signal: AbortSignal): AsyncGenerator<DecodedDelta> {
  const reader = response.body!.getReader();
  const parser = createSseParser();
  const decoder = createChunkDecoder();
  try {
    for (;;) {
      let read: ReadableStreamReadResult<Uint8Array>;
      try {
        read = await reader.read();
      } catch (error) {
        if (signal.aborted || isAbortError(error)) return;
        yield* finish(decoder, error);
        return;
      }
      if (read.done) break;
      const deltas: DecodedDelta[] = [];
      for (const event of parser.feed(read.value)) {
        deltas.push(...decoder.push(event));
        if (decoder.done || decoder.error) break;
      }
      yield* coalesce(deltas);
      if (decoder.error) throw decoder.error;
      if (decoder.done) break;
    }
    parser.end();
    yield* finish(decoder);
  } finally {
    // Stops the download when the reply ended early ([DONE], an error, or the consumer stopped).
    void reader.cancel().catch(() => {});
  }
}

export async function* readReply(response: Response, signal: AbortSignal, url: string): AsyncGenerator<DecodedDelta> {
  const type = response.headers.get('content-type') ?? '';
  if (/\bjson\b/i.test(type)) return yield* readJson(response, signal);
  if (/\bhtml\b/i.test(type) || !response.body) {
    void response.body?.cancel().catch(() => {});
    throw new OpenAiModelError('malformed-stream', `${url} answered with ${type || 'an empty body'}, not an event stream`, {
      reason: 'not-event-stream',
      url,
    });
  }
  yield* readEvents(response, signal);
}
