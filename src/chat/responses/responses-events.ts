import type { Usage } from '../types';
import { count, createNativeDecoder, isObject, text, type Json, type NativeState } from '../native';
import { classifyServerError, OpenAiModelError, type ChunkDecoder, type DecodedDelta } from '../wire';

/**
 * Folds the events of an OpenAI Responses stream (issue 27) into deltas:
 * `response.output_text.delta` (the answer), `response.reasoning_summary_text.delta` (the
 * reasoning shown) and `response.reasoning_text.delta` / `.done` (the raw reasoning, as LM Studio
 * and gpt-oss stream it), `response.output_item.added` and `response.function_call_arguments.delta` /
 * `.done` (tool calls), `response.completed` (usage), `response.incomplete`, `response.failed`
 * and `error`. There is no `[DONE]`: the stream ends with one of the three `response.*` ends.
 */

function usageOf(value: unknown): Usage | undefined {
  if (!isObject(value)) return undefined;
  const usage: Usage = {};
  const prompt = count(value.input_tokens);
  const completion = count(value.output_tokens);
  const total = count(value.total_tokens);
  const reasoning = isObject(value.output_tokens_details) ? count(value.output_tokens_details.reasoning_tokens) : undefined;
  if (prompt !== undefined) usage.promptTokens = prompt;
  if (completion !== undefined) usage.completionTokens = completion;
  if (total !== undefined) usage.totalTokens = total;
  if (reasoning) usage.reasoningTokens = reasoning;
  return Object.keys(usage).length ? usage : undefined;
}

/** `{code, message}` (an `error` event, a failed response's `error`) as the app's error. */
export function responsesError(value: unknown, fallback: string): OpenAiModelError {
  const error = isObject(value) ? value : {};
  const message = text(error.message) || fallback;
  const code = text(error.code) || text(error.type);
  const classified = classifyServerError({ code, message }, undefined, 'server-error');
  return new OpenAiModelError(classified.code, message, { reason: classified.reason });
}

export function createResponsesDecoder(): ChunkDecoder {
  let calls = 0;
  /** The call items whose arguments came in pieces (the `.done` event repeats them whole). */
  const streamedArguments = new Set<number>();
  /** Which summary (or reasoning text) part the reasoning is in: a new one starts a new paragraph. */
  let summaryPart: string | undefined;
  /** The reasoning text parts that came in pieces (their `.done` event repeats them whole). */
  const streamedReasoning = new Set<string>();

  const reasoning = (part: string, piece: string, deltas: DecodedDelta[]) => {
    const separator = summaryPart !== undefined && summaryPart !== part ? '\n\n' : '';
    summaryPart = part;
    deltas.push({ type: 'reasoning', text: separator + piece });
  };

  const end = (state: NativeState, response: unknown, deltas: DecodedDelta[], reason: string) => {
    state.done = true;
    const usage = isObject(response) ? usageOf(response.usage) : undefined;
    if (usage) deltas.push({ type: 'usage', usage });
    state.finishReason = reason;
    deltas.push({ type: 'finish', reason });
  };

  const onEvent = (type: string, event: Json, deltas: DecodedDelta[], state: NativeState) => {
    const index = typeof event.output_index === 'number' ? event.output_index : 0;
    switch (type) {
      case 'response.created': {
        const id = isObject(event.response) ? text(event.response.id) : '';
        if (id) deltas.push({ type: 'response-id', id });
        return;
      }
      case 'response.output_text.delta':
        if (text(event.delta)) deltas.push({ type: 'content', text: text(event.delta) });
        return;
      case 'response.reasoning_summary_text.delta': {
        const piece = text(event.delta);
        if (piece === '') return;
        reasoning(`${text(event.item_id)}:${String(event.summary_index ?? 0)}`, piece, deltas);
        return;
      }
      case 'response.reasoning_text.delta': {
        const piece = text(event.delta);
        if (piece === '') return;
        const part = `${text(event.item_id)}:text:${String(event.content_index ?? 0)}`;
        streamedReasoning.add(part);
        reasoning(part, piece, deltas);
        return;
      }
      case 'response.reasoning_text.done': {
        // A server that sends the reasoning only whole, at the end of its part.
        const part = `${text(event.item_id)}:text:${String(event.content_index ?? 0)}`;
        if (streamedReasoning.has(part) || text(event.text) === '') return;
        streamedReasoning.add(part);
        reasoning(part, text(event.text), deltas);
        return;
      }
      case 'response.output_item.added': {
        const item = isObject(event.item) ? event.item : {};
        if (item.type !== 'function_call') return;
        calls += 1;
        deltas.push({ type: 'tool-call', index, id: text(item.call_id) || text(item.id), name: text(item.name), ...(text(item.arguments) && { arguments: text(item.arguments) }) });
        if (text(item.arguments)) streamedArguments.add(index);
        return;
      }
      case 'response.function_call_arguments.delta':
        if (text(event.delta) === '') return;
        streamedArguments.add(index);
        deltas.push({ type: 'tool-call', index, arguments: text(event.delta) });
        return;
      case 'response.function_call_arguments.done':
        // A server that sends the arguments only whole, at the end.
        if (!streamedArguments.has(index)) deltas.push({ type: 'tool-call', index, arguments: text(event.arguments) || '{}' });
        streamedArguments.add(index);
        return;
      case 'response.completed':
        return end(state, event.response, deltas, calls > 0 ? 'tool_calls' : 'stop');
      case 'response.incomplete': {
        const response = isObject(event.response) ? event.response : {};
        const why = isObject(response.incomplete_details) ? text(response.incomplete_details.reason) : '';
        // Out of tokens is a whole (if short) reply, as with Chat Completions' `length`; any other cut is reported.
        if (why === 'max_output_tokens') return end(state, response, deltas, 'length');
        end(state, response, deltas, why || 'incomplete');
        state.error = new OpenAiModelError('stream-interrupted', why || 'incomplete', { reason: 'provider-incomplete' });
        return;
      }
      case 'response.failed': {
        const response = isObject(event.response) ? event.response : {};
        state.error = responsesError(response.error, 'The response failed');
        return;
      }
      case 'error':
        state.error = responsesError(isObject(event.error) ? event.error : event, 'The server reported an error in the stream');
        return;
      default:
        return;
    }
  };

  return createNativeDecoder({
    onEvent,
    plainError: (data) => responsesError({ message: data }, data),
    chatChunk: () => new OpenAiModelError('model-not-found', 'The server answered in the Chat Completions format, not the Responses API', { reason: 'endpoint-not-found' }),
    incomplete: 'response.completed',
  });
}
