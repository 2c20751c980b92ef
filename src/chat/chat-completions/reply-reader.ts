import { createChunkDecoder, type ChunkDecoder, type DecodedDelta } from './chunk-decoder';
import { foreignProtocolError, foreignProtocolOf } from './foreign-protocol';
import { isAbortError, readLimitedText } from './http-errors';
import { OpenAiModelError } from './openai-error';
import { createSseParser, MAX_EVENT_CHARS } from './sse-parser';
import type { StreamClock } from './stream-clock';
import { yieldToEventLoop } from '../../lib/yield-to-event-loop';

/**
 * Reads a successful `/chat/completions` response as deltas: an event stream read by read, or a
 * whole JSON completion from a server that ignored `stream: true`. Text that arrived is always
 * delivered before a failure is reported; an abort ends the deltas quietly.
 */

/** A whole (not streamed) completion can be large, but not unbounded. */
export const COMPLETION_MAX_BYTES = 16 * 1024 * 1024;
/** Enough of an NDJSON body's first line to tell whose API wrote it. */
export const NDJSON_SNIFF_BYTES = 64 * 1024;

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
  for (let index = 0; index < deltas.length; index += 1) {
    const delta = deltas[index]!;
    if (delta.type === 'content' || delta.type === 'reasoning') {
      // A run of text deltas (a fast server's hundreds per read) becomes one, in one object.
      let text = delta.text;
      while (index + 1 < deltas.length && deltas[index + 1]!.type === delta.type) text += (deltas[++index] as { text: string }).text;
      merged.push(text === delta.text ? delta : { type: delta.type, text });
      continue;
    }
    const last = merged[merged.length - 1];
    if (last?.type === 'tool-call' && delta.type === 'tool-call' && delta.index === last.index && delta.id === undefined && delta.name === undefined) {
      // More of the same call's arguments, a few characters per chunk.
      merged[merged.length - 1] = { ...last, arguments: (last.arguments ?? '') + (delta.arguments ?? '') };
    } else if (last?.type === 'skipped-events' && delta.type === 'skipped-events') {
      merged[merged.length - 1] = { type: delta.type, count: last.count + delta.count };
    } else merged.push(delta);
  }
  return merged;
}

export interface ReadOptions {
  /** The time-outs of this reply (see stream-clock.ts); none when absent. */
  clock?: StreamClock;
  /** The largest event kept in memory (MAX_EVENT_CHARS by default). */
  maxEventChars?: number;
  /** The events' reader: Chat Completions' chunks by default; Anthropic's and Responses' own (issue 27). */
  decoder?: () => ChunkDecoder;
}

function* finish(decoder: ChunkDecoder, broken?: unknown): Generator<DecodedDelta> {
  yield* coalesce(decoder.end());
  const { error } = decoder;
  if (!error) return;
  // The body ended early because the connection broke, not because the server ended it.
  if (broken !== undefined && error.reason === 'incomplete') {
    if (broken instanceof OpenAiModelError) throw broken;
    const detail = broken instanceof Error ? broken.message : String(broken);
    throw new OpenAiModelError('stream-interrupted', `The connection broke during the reply (${detail})`, { reason: 'connection-lost', cause: broken });
  }
  throw error;
}

function eventTooLarge(maxEventChars: number): OpenAiModelError {
  return new OpenAiModelError('malformed-stream', `One event of the stream grew past ${maxEventChars} characters without ending; the rest was not read`, {
    reason: 'event-too-large',
  });
}

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

async function* readEvents(response: Response, signal: AbortSignal, url: string, options: ReadOptions): AsyncGenerator<DecodedDelta> {
  const { clock } = options;
  const maxEventChars = options.maxEventChars ?? MAX_EVENT_CHARS;
  const reader = response.body!.getReader();
  const parser = createSseParser({ maxEventChars });
  const decoder = options.decoder?.() ?? createChunkDecoder({ url });
  // A limit that passes ends the pending read (a cancel resolves it as done); the time-out is then reported.
  const onExpired = () => void reader.cancel().catch(() => {});
  clock?.signal.addEventListener('abort', onExpired);
  let sliceStart = performance.now();
  try {
    for (;;) {
      let read: ReadableStreamReadResult<Uint8Array>;
      try {
        read = await reader.read();
      } catch (error) {
        if (clock?.expired) return yield* finish(decoder, clock.expired);
        if (signal.aborted || isAbortError(error)) return;
        return yield* finish(decoder, error);
      }
      if (clock?.expired) return yield* finish(decoder, clock.expired);
      if (signal.aborted) return;
      if (read.done) break;
      for (let at = 0; at < read.value.length && !decoder.done && !decoder.error && !parser.overflowed; at += READ_SLICE_BYTES) {
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
      if (parser.overflowed) return yield* finish(decoder, eventTooLarge(maxEventChars));
      clock?.heard(decoder.finishReason !== undefined);
    }
    parser.end();
    yield* finish(decoder);
  } finally {
    clock?.signal.removeEventListener('abort', onExpired);
    // Stops the download when the reply ended early ([DONE], an error, or the consumer stopped).
    void reader.cancel().catch(() => {});
  }
}

export async function* readReply(response: Response, signal: AbortSignal, url: string, options: ReadOptions = {}): AsyncGenerator<DecodedDelta> {
  const type = response.headers.get('content-type') ?? '';
  // Anthropic and Responses always stream when asked: their own reader, whatever the content type says.
  if (options.decoder && response.body && !/\bhtml\b/i.test(type)) return yield* readEvents(response, signal, url, options);
  if (/\bjson\b/i.test(type)) return yield* readJson(response, signal, url, options.clock);
  if (/\bx-ndjson\b/i.test(type)) return await readNdjson(response, url, type);
  if (/\bhtml\b/i.test(type) || !response.body) {
    void response.body?.cancel().catch(() => {});
    throw new OpenAiModelError('malformed-stream', `${url} answered with ${type || 'an empty body'}, not an event stream`, {
      reason: 'not-event-stream',
      url,
    });
  }
  yield* readEvents(response, signal, url, options);
}
