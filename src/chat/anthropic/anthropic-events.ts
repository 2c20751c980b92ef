import type { Usage } from '../types';
import { count, createNativeDecoder, isObject, text, type Json, type NativeState } from '../native';
import { classifyServerError, OpenAiModelError, type ChunkDecoder, type DecodedDelta } from '../wire';

/**
 * Folds the events of an Anthropic Messages stream (issue 27) into deltas: `message_start`
 * (input tokens), `content_block_start` / `content_block_delta` (`text_delta`, `thinking_delta`,
 * `signature_delta`, `input_json_delta`) / `content_block_stop`, `message_delta` (stop reason,
 * output tokens), `message_stop`, `ping`, and `error` (`overloaded_error` said as overloaded).
 * Pure and synchronous, with the chunk decoder's interface, so the same stream reader runs it.
 */

/** Anthropic's stop reasons in the words the app already knows (Chat Completions' finish reasons). */
const FINISH_REASONS: Record<string, string> = { end_turn: 'stop', stop_sequence: 'stop', max_tokens: 'length', tool_use: 'tool_calls' };

/** A block being streamed: its kind, and what a thinking block has gathered for sending back. */
interface OpenBlock {
  type: string;
  thinking: string;
  signature: string;
  data: string;
  /** A tool_use block whose input came in pieces (none: its input was whole at the start, or empty). */
  gotArguments: boolean;
}

/** An `error` event (or body) as the app's error: overloaded apart, a rate limit as one. */
export function anthropicError(body: unknown, fallback: string): OpenAiModelError {
  const error = isObject(body) && isObject(body.error) ? body.error : isObject(body) ? body : {};
  const type = text(error.type);
  const message = text(error.message) || fallback;
  if (type === 'overloaded_error') return new OpenAiModelError('server-error', message, { reason: 'overloaded', status: 529 });
  const { code, reason } = classifyServerError({ type, message }, undefined, 'server-error');
  return new OpenAiModelError(code, message, { reason });
}

function usageOf(value: unknown, input: number | undefined): Usage | undefined {
  if (!isObject(value)) return undefined;
  // Cached input is billed apart but is part of the prompt all the same.
  const prompt = [value.input_tokens, value.cache_read_input_tokens, value.cache_creation_input_tokens].map(count).reduce<number | undefined>(
    (sum, n) => (n === undefined ? sum : (sum ?? 0) + n),
    undefined,
  );
  const completion = count(value.output_tokens);
  const usage: Usage = {};
  const promptTokens = prompt ?? input;
  if (promptTokens !== undefined) usage.promptTokens = promptTokens;
  if (completion !== undefined) usage.completionTokens = completion;
  if (promptTokens !== undefined && completion !== undefined) usage.totalTokens = promptTokens + completion;
  return Object.keys(usage).length ? usage : undefined;
}

export function createAnthropicDecoder(): ChunkDecoder {
  const blocks = new Map<number, OpenBlock>();
  let inputTokens: number | undefined;

  const onEvent = (type: string, event: Json, deltas: DecodedDelta[], state: NativeState) => {
    const index = typeof event.index === 'number' ? event.index : 0;
    switch (type) {
      case 'message_start': {
        const usage = isObject(event.message) ? usageOf(event.message.usage, undefined) : undefined;
        inputTokens = usage?.promptTokens;
        // Its output count is a placeholder (1 or 2); the real one comes with message_delta.
        if (inputTokens !== undefined) deltas.push({ type: 'usage', usage: { promptTokens: inputTokens } });
        return;
      }
      case 'content_block_start': {
        const block = isObject(event.content_block) ? event.content_block : {};
        const open: OpenBlock = { type: text(block.type), thinking: text(block.thinking), signature: text(block.signature), data: text(block.data), gotArguments: false };
        blocks.set(index, open);
        if (open.type === 'text' && text(block.text)) deltas.push({ type: 'content', text: text(block.text) });
        if (open.type === 'thinking' && open.thinking) deltas.push({ type: 'reasoning', text: open.thinking });
        if (open.type === 'tool_use') {
          const input = isObject(block.input) && Object.keys(block.input).length > 0 ? JSON.stringify(block.input) : undefined;
          open.gotArguments = input !== undefined;
          deltas.push({ type: 'tool-call', index, id: text(block.id), name: text(block.name), ...(input && { arguments: input }) });
        }
        return;
      }
      case 'content_block_delta': {
        const delta = isObject(event.delta) ? event.delta : {};
        const open = blocks.get(index);
        switch (delta.type) {
          case 'text_delta':
            if (text(delta.text)) deltas.push({ type: 'content', text: text(delta.text) });
            return;
          case 'thinking_delta':
            if (open) open.thinking += text(delta.thinking);
            if (text(delta.thinking)) deltas.push({ type: 'reasoning', text: text(delta.thinking) });
            return;
          case 'signature_delta':
            if (open) open.signature += text(delta.signature);
            return;
          case 'input_json_delta': {
            const piece = text(delta.partial_json);
            if (piece === '') return;
            if (open) open.gotArguments = true;
            deltas.push({ type: 'tool-call', index, arguments: piece });
            return;
          }
          default:
            return;
        }
      }
      case 'content_block_stop': {
        const open = blocks.get(index);
        if (open?.type === 'thinking') deltas.push({ type: 'thinking-block', block: { type: 'thinking', thinking: open.thinking, signature: open.signature } });
        if (open?.type === 'redacted_thinking') deltas.push({ type: 'thinking-block', block: { type: 'redacted_thinking', data: open.data } });
        // A tool with no parameters streams no input at all: its arguments are the empty object.
        if (open?.type === 'tool_use' && !open.gotArguments) deltas.push({ type: 'tool-call', index, arguments: '{}' });
        blocks.delete(index);
        return;
      }
      case 'message_delta': {
        const delta = isObject(event.delta) ? event.delta : {};
        const usage = usageOf(event.usage, inputTokens);
        if (usage) deltas.push({ type: 'usage', usage });
        const stop = text(delta.stop_reason);
        if (stop) {
          state.finishReason = FINISH_REASONS[stop] ?? stop;
          deltas.push({ type: 'finish', reason: state.finishReason });
        }
        return;
      }
      case 'message_stop':
        state.done = true;
        return;
      case 'error':
        state.error = anthropicError(event, 'Anthropic reported an error in the stream');
        return;
      default:
        // ping, and event types added later: nothing to show.
        return;
    }
  };

  return createNativeDecoder({
    onEvent,
    plainError: (data) => anthropicError(undefined, data),
    // The connection is set to Anthropic but the server speaks Chat Completions.
    chatChunk: () => new OpenAiModelError('malformed-stream', 'The server answered in the OpenAI format, not Anthropic’s Messages API', { reason: 'openai-api' }),
    incomplete: 'message_stop',
  });
}
