import type { ChatDelta } from '../chat-model';
import type { Usage } from '../types';
import { classifyServerError, readServerError, streamChunkError, type ServerError } from './error-body';
import { OpenAiModelError } from './openai-error';
import type { SseEvent } from './sse-parser';
import { createThinkSplitter } from './think-splitter';

/**
 * Turns the events of an OpenAI-compatible `/chat/completions` stream into deltas. Pure and
 * synchronous; a failure is recorded in `error` after the deltas that came before it are
 * returned, so the caller can deliver the text that arrived and then report the failure.
 */

/** A delta as decoded; `content-was-reasoning` comes from a reply that only closes `</think>`. */
export type DecodedDelta = ChatDelta;

export interface ChunkDecoder {
  /** The deltas of one event. After a failure (see `error`) it returns nothing more. */
  push(event: SseEvent): DecodedDelta[];
  /** The body has ended: releases held-back text and sets `error` when the reply is incomplete. */
  end(): DecodedDelta[];
  /** `data: [DONE]` arrived; later events are ignored. */
  readonly done: boolean;
  readonly error: OpenAiModelError | undefined;
}

export const DONE_MARKER = '[DONE]';
/** How much of a bad data line to quote in the error: enough to recognise it. */
export const BAD_LINE_QUOTE_CHARS = 120;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const count = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined);
/** The first of two fields that holds text (two parameters, not a list: this runs for every chunk). */
const firstText = (a: unknown, b: unknown): string => (typeof a === 'string' && a !== '' ? a : typeof b === 'string' ? b : '');

function usageOf(value: unknown): Usage | undefined {
  if (!isObject(value)) return undefined;
  const usage: Usage = {};
  const prompt = count(value.prompt_tokens);
  const completion = count(value.completion_tokens);
  const total = count(value.total_tokens);
  if (prompt !== undefined) usage.promptTokens = prompt;
  if (completion !== undefined) usage.completionTokens = completion;
  if (total !== undefined) usage.totalTokens = total;
  return Object.keys(usage).length ? usage : undefined;
}

/** llama.cpp's `timings`: its own generation speed, and token counts when no usage came. */
function timingDeltas(timings: unknown, haveUsage: boolean): DecodedDelta[] {
  if (!isObject(timings)) return [];
  const deltas: DecodedDelta[] = [];
  const predicted = count(timings.predicted_n);
  const predictedMs = count(timings.predicted_ms);
  const perSecond = count(timings.predicted_per_second) ?? (predicted && predictedMs ? (predicted * 1000) / predictedMs : undefined);
  if (perSecond !== undefined) deltas.push({ type: 'timing', timing: { tokensPerSecond: perSecond, estimated: false } });
  const prompt = count(timings.prompt_n);
  if (!haveUsage && (prompt !== undefined || predicted !== undefined)) {
    const usage: Usage = {};
    if (prompt !== undefined) usage.promptTokens = prompt;
    if (predicted !== undefined) usage.completionTokens = predicted;
    if (prompt !== undefined && predicted !== undefined) usage.totalTokens = prompt + predicted;
    deltas.push({ type: 'usage', usage });
  }
  return deltas;
}

function streamError(error: ServerError): OpenAiModelError {
  const { code, reason } = classifyServerError(error, undefined, 'server-error');
  const status = typeof error.code === 'number' ? error.code : undefined;
  return new OpenAiModelError(code, error.message ?? 'The server reported an error in the stream', { reason, status });
}

export function createChunkDecoder(): ChunkDecoder {
  const think = createThinkSplitter();
  let done = false;
  let error: OpenAiModelError | undefined;
  let finishReason: string | undefined;
  let haveUsage = false;
  /** Answer text delivered (reset when it turns out to have been reasoning). */
  let contentChars = 0;

  const addText = (deltas: DecodedDelta[], text: string) => {
    for (const piece of think.push(text)) {
      if (piece.type === 'rewind') {
        contentChars = 0;
        deltas.push({ type: 'content-was-reasoning' });
      } else {
        if (piece.type === 'content') contentChars += piece.text.length;
        deltas.push(piece);
      }
    }
  };

  /** Ends with a failure: the text held back so far still goes out first. */
  const fail = (deltas: DecodedDelta[], failure: OpenAiModelError) => {
    for (const piece of think.end()) if (piece.type !== 'rewind') deltas.push(piece);
    error = failure;
    return deltas;
  };

  const decodeChunk = (chunk: Json, deltas: DecodedDelta[]) => {
    const choice = Array.isArray(chunk.choices) ? chunk.choices[0] : undefined;
    if (isObject(choice)) {
      // Some servers put the whole message (`message`) or legacy completion `text` in stream chunks.
      const delta = isObject(choice.delta) ? choice.delta : isObject(choice.message) ? choice.message : {};
      const reasoning = firstText(delta.reasoning_content, delta.reasoning);
      if (reasoning) deltas.push({ type: 'reasoning', text: reasoning });
      const content = firstText(delta.content, choice.text);
      if (content) addText(deltas, content);
      if (typeof choice.finish_reason === 'string' && choice.finish_reason !== '') {
        finishReason = choice.finish_reason;
        deltas.push({ type: 'finish', reason: finishReason });
      }
    }
    // Most chunks carry neither: checked before any work is done for them.
    if (chunk.usage != null) {
      const usage = usageOf(chunk.usage);
      if (usage) {
        haveUsage = true;
        deltas.push({ type: 'usage', usage });
      }
    }
    if (chunk.timings != null) deltas.push(...timingDeltas(chunk.timings, haveUsage));
  };

  return {
    push(event) {
      const deltas: DecodedDelta[] = [];
      if (done || error) return deltas;
      if (event.type === 'error') {
        let body: unknown = event.data;
        try {
          body = JSON.parse(event.data);
        } catch {
          // A plain-text error event.
        }
        return fail(deltas, streamError(readServerError(body) ?? { message: event.data.trim() || undefined }));
      }
      const data = event.data.trim();
      // An empty data line is legal SSE; some servers use it as a keep-alive.
      if (data === '') return deltas;
      if (data.startsWith(DONE_MARKER)) {
        done = true;
        return deltas;
      }
      let chunk: unknown;
      try {
        chunk = JSON.parse(data);
      } catch (cause) {
        const quote = data.slice(0, BAD_LINE_QUOTE_CHARS);
        return fail(deltas, new OpenAiModelError('malformed-stream', `The stream sent data that is not JSON: ${quote}`, { reason: 'bad-json', cause }));
      }
      if (!isObject(chunk)) {
        return fail(deltas, new OpenAiModelError('malformed-stream', `The stream sent an unexpected value: ${data.slice(0, BAD_LINE_QUOTE_CHARS)}`, { reason: 'bad-json' }));
      }
      const serverError = streamChunkError(chunk);
      if (serverError) return fail(deltas, streamError(serverError));
      decodeChunk(chunk, deltas);
      return deltas;
    },
    end() {
      const deltas: DecodedDelta[] = [];
      if (error) return deltas;
      for (const piece of think.end()) {
        if (piece.type === 'rewind') continue;
        if (piece.type === 'content') contentChars += piece.text.length;
        deltas.push(piece);
      }
      if (!done && finishReason === undefined) {
        error = new OpenAiModelError('stream-interrupted', 'The stream ended before the reply was complete (no [DONE] and no finish reason)', {
          reason: 'incomplete',
        });
      } else if (finishReason === 'length' && contentChars === 0) {
        error = new OpenAiModelError('stream-interrupted', 'The length limit ended the reply before any answer text', { reason: 'length-empty' });
      }
      return deltas;
    },
    get done() {
      return done;
    },
    get error() {
      return error;
    },
  };
}
