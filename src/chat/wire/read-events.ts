// The stream reader every wire format shares: a response's server-sent events, read by the format's own reader into parts.
import { yieldToEventLoop } from '../../lib/yield-to-event-loop';
import { isAbortError } from './http-errors';
import { OpenAiModelError } from './openai-error';
import { createSseParser, MAX_EVENT_CHARS } from './sse-parser';
import type { StreamClock } from './stream-clock';
import type { ChunkDecoder, DecodedDelta } from './stream-parts';

/**
 * Reads an event stream read by read, hands each event to the format's reader (a ChunkDecoder)
 * and yields its parts. Text that arrived is always delivered before a failure is reported; an
 * abort ends the parts quietly. Which body is read this way is the format's to say
 * (chat-completions/reply-reader.ts).
 */

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
  /** The events' reader: Chat Completions' chunks by default (chat-completions/reply-reader.ts); Anthropic's and Responses' own (issue 27). */
  decoder?: () => ChunkDecoder;
}

/** The body has ended (or broke, `broken`): the reader's last parts, then its failure. */
export function* finish(decoder: ChunkDecoder, broken?: unknown): Generator<DecodedDelta> {
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

/** Reads `response`'s body as server-sent events, each read by the reader `createDecoder` makes. */
export async function* readEvents(response: Response, signal: AbortSignal, options: ReadOptions, createDecoder: () => ChunkDecoder): AsyncGenerator<DecodedDelta> {
  const { clock } = options;
  const maxEventChars = options.maxEventChars ?? MAX_EVENT_CHARS;
  const reader = response.body!.getReader();
  const parser = createSseParser({ maxEventChars });
  const decoder = createDecoder();
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
