import type { Usage } from '../types';
import {
  classifyServerError,
  codeUnitOffset,
  createCitationParts,
  OpenAiModelError,
  readServerError,
  streamChunkError,
  type ChunkDecoder,
  type DecodedDelta,
  type ServerError,
} from '../wire';
import { foreignProtocolError, foreignProtocolOf } from './foreign-protocol';
import { createThinkSplitter } from './think-splitter';
import { toolCallPieces } from './tool-call-pieces';

/**
 * Turns the events of an OpenAI-compatible `/chat/completions` stream into deltas. Pure and
 * synchronous; a failure is recorded in `error` after the deltas that came before it are
 * returned, so the caller can deliver the text that arrived and then report the failure.
 * A data line that is not JSON is skipped and counted (one garbled event should not cost the
 * rest of the reply); only a stream with nothing valid in it fails for it.
 *
 * `annotations` with `url_citation`s (OpenRouter's web plugin and `:online` models, OpenAI's
 * search models; issue 37) become citation parts, each once however many chunks repeat it. Their
 * indices count code points in the message's content as the server sent it: they are turned into
 * UTF-16 offsets in this stream's text, which starts after any `<think>` block the splitter took
 * out (a span inside that block has no place in the answer and is left out).
 */

export interface ChunkDecoderOptions {
  /** The address the stream came from, to name the right one in an error. */
  url?: string;
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

export function createChunkDecoder({ url }: ChunkDecoderOptions = {}): ChunkDecoder {
  const think = createThinkSplitter();
  let done = false;
  let error: OpenAiModelError | undefined;
  let finishReason: string | undefined;
  let haveUsage = false;
  /** Chunks that were valid JSON objects, and the first data line that was not (quoted if nothing valid came). */
  let validChunks = 0;
  let firstBadLine: string | undefined;
  /** The content as the server sent it (annotations count in it), and the answer given out since the last rewind (this stream's text). */
  let sent = '';
  let answered = 0;
  const citation = createCitationParts();
  const cited = new Set<string>();

  const addText = (deltas: DecodedDelta[], text: string) => {
    sent += text;
    for (const piece of think.push(text)) {
      if (piece.type === 'rewind') answered = 0;
      else if (piece.type === 'content') answered += piece.text.length;
      deltas.push(piece.type === 'rewind' ? { type: 'content-was-reasoning' } : piece);
    }
  };

  /** Where the sent text's code point `index` is in this stream's text (the splitter only ever takes text out before the answer). */
  const answerOffset = (index: unknown): number | undefined => {
    const at = codeUnitOffset(sent, index);
    const answerStart = sent.length - answered - think.held;
    return at === undefined || at < answerStart || at > sent.length ? undefined : at - answerStart;
  };

  const annotate = (annotations: unknown, deltas: DecodedDelta[]) => {
    if (!Array.isArray(annotations)) return;
    for (const annotation of annotations) {
      if (!isObject(annotation) || annotation.type !== 'url_citation') continue;
      const fields = isObject(annotation.url_citation) ? annotation.url_citation : annotation;
      const key = [fields.url, fields.start_index, fields.end_index, fields.title].map(String).join('\u0000');
      if (cited.has(key)) continue;
      cited.add(key);
      const span = () => [answerOffset(fields.start_index), answerOffset(fields.end_index)] as const;
      const made = citation({ url: fields.url, title: fields.title, citedText: fields.content, span });
      if (made) deltas.push(made);
    }
  };

  const skip = (deltas: DecodedDelta[], data: string) => {
    firstBadLine ??= data.slice(0, BAD_LINE_QUOTE_CHARS);
    deltas.push({ type: 'skipped-events', count: 1 });
    return deltas;
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
      if (delta.tool_calls != null || delta.function_call != null) deltas.push(...toolCallPieces(delta));
      if (delta.annotations != null) annotate(delta.annotations, deltas);
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
      } catch {
        return skip(deltas, data);
      }
      if (!isObject(chunk)) return skip(deltas, data);
      const foreign = foreignProtocolOf(chunk, event.type);
      if (foreign) return fail(deltas, foreignProtocolError(foreign, url));
      // Everything the chunk says is read before it fails the reply: OpenRouter puts the error
      // and `finish_reason: "error"` (and sometimes the last text) in one chunk.
      decodeChunk(chunk, deltas);
      const serverError = streamChunkError(chunk);
      if (serverError) return fail(deltas, streamError(serverError));
      validChunks += 1;
      return deltas;
    },
    end() {
      const deltas: DecodedDelta[] = [];
      if (error) return deltas;
      for (const piece of think.end()) if (piece.type !== 'rewind') deltas.push(piece);
      if (validChunks === 0 && firstBadLine !== undefined) {
        error = new OpenAiModelError('malformed-stream', `The stream sent nothing but data that is not JSON: ${firstBadLine}`, { reason: 'bad-json' });
      } else if (!done && finishReason === undefined) {
        error = new OpenAiModelError('stream-interrupted', 'The stream ended before the reply was complete (no [DONE] and no finish reason)', {
          reason: 'incomplete',
        });
      }
      // A `length` finish with no answer text (a reasoning model that spent the budget thinking)
      // is a whole reply: the app says the limit was reached and how to raise it.
      return deltas;
    },
    get done() {
      return done;
    },
    get finishReason() {
      return finishReason;
    },
    get error() {
      return error;
    },
  };
}
