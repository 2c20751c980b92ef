// The one kind of part every wire format's stream is read into, and the reader each format gives.
import type { ChatDelta } from '../model';
import type { OpenAiModelError } from './openai-error';
import type { SseEvent } from './sse-parser';

/**
 * A part of a streamed reply, whatever the wire format (issue 35). Chat Completions' chunks,
 * Anthropic's `content_block_*` events and Responses' `response.*` events are each read, in their
 * own folder, into these parts; nothing outside a format's folder reads its events. The page, the
 * stream worker's messages (providers/stream-protocol.ts) and the replies all carry them.
 *
 * It is the ChatModel port's `ChatDelta` (model/chat-model.ts), named here for the readers. Beside
 * the Vercel AI SDK's `LanguageModelV2StreamPart`: `content` is its `text-delta` and `reasoning`
 * its `reasoning-delta` (no start and end parts: a reply has one text and one reasoning, in
 * order), `tool-call` a piece of `tool-input-*` by the call's index (the arguments arrive in
 * pieces, the first with the id and name), `finish` and `usage` its `finish` in two (a reason
 * may come before the figures), `response-id` its `response-metadata`; an error is thrown, not a
 * part. `thinking-block`, `timing`, `content-was-reasoning` and `skipped-events` are Parley's own.
 * A new kind of part (a web search's sources, say) is added to `ChatDelta`, then to each format's
 * reader that hears of it.
 */
export type StreamPart = ChatDelta;

/** A part as a reader decoded it (the name the readers have used since issue 7). */
export type DecodedDelta = StreamPart;

/**
 * A format's reader of events: the stream reader (read-events.ts) feeds it each server-sent
 * event and delivers the parts it returns. Pure and synchronous; a failure is recorded in
 * `error` after the parts that came before it are returned.
 */
export interface ChunkDecoder {
  /** The parts of one event. After a failure (see `error`) it returns nothing more. */
  push(event: SseEvent): DecodedDelta[];
  /** The body has ended: releases held-back text and sets `error` when the reply is incomplete. */
  end(): DecodedDelta[];
  /** The format's last event arrived (`data: [DONE]`, Anthropic's `message_stop`, the end of a Responses response); later events are ignored. */
  readonly done: boolean;
  /** The last finish reason the server gave: the reply is whole even if the body never ends. */
  readonly finishReason: string | undefined;
  readonly error: OpenAiModelError | undefined;
}
