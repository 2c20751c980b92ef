import { createChunkDecoder, type ChunkDecoder, type DecodedDelta } from './chunk-decoder';
import { isAbortError, readLimitedText } from './http-errors';
import { OpenAiModelError } from './openai-error';
import { createSseParser } from './sse-parser';
import { yieldToEventLoop } from '../yield-to-event-loop';

/**
 * Reads a successful `/chat/completions` response as deltas: an event stream read by read, or a
 * whole JSON completion from a server that ignored `stream: true`. Text that arrived is always
 * delivered before a failure is reported; an abort ends the deltas quietly.
 */

/** A whole (not streamed) completion can be large, but not unbounded. */
export const COMPLETION_MAX_BYTES = 16 * 1024 * 1024;

/**
 * A fast server fills one network read with a megabyte of events; parsing it in one go would be
 * a long task that freezes the page. Reads are parsed in slices of this many bytes…
 */
export const READ_SLICE_BYTES = 16 * 1024;
/** …and the event loop gets a turn whenever parsing has run this long (a frame is ~16 ms). */
export const PARSE_BUDGET_MS = 24;

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
  let sliceStart = performance.now();
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
      for (let at = 0; at < read.value.length && !decoder.done && !decoder.error; at += READ_SLICE_BYTES) {
        const deltas: DecodedDelta[] = [];
        for (const event of parser.feed(read.value.subarray(at, at + READ_SLICE_BYTES))) {
          deltas.push(...decoder.push(event));
          if (decoder.done || decoder.error) break;
        }
        yield* coalesce(deltas);
        if (performance.now() - sliceStart > PARSE_BUDGET_MS) {
          await yieldToEventLoop();
          sliceStart = performance.now();
        }
      }
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
