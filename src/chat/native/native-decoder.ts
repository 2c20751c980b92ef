import { OpenAiModelError, type ChunkDecoder, type DecodedDelta, type SseEvent } from '../wire';

/**
 * What the readers of Anthropic's and Responses' streams share (issue 27): events named by their
 * `event:` line or their `type` field, JSON data, a garbled line skipped and counted, a Chat
 * Completions chunk recognised as the wrong format, and the chunk decoder's interface, so the
 * same stream reader runs them. Each format folds its own events in `onEvent`.
 */

export type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
export const count = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined);
export const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** How far a reply got: `done` once the format's last event came; a failure ends it too. */
export interface NativeState {
  done: boolean;
  finishReason?: string;
  error?: OpenAiModelError;
}

export interface NativeEvents {
  onEvent(type: string, event: Json, deltas: DecodedDelta[], state: NativeState): void;
  /** An `error` event whose data is not JSON. */
  plainError(data: string): OpenAiModelError;
  /** A Chat Completions chunk arrived: the error naming the format the server speaks. */
  chatChunk(): OpenAiModelError;
  /** The body ended before the format's last event (names that event). */
  incomplete: string;
}

export function createNativeDecoder(events: NativeEvents): ChunkDecoder {
  const state: NativeState = { done: false };
  return {
    push(event: SseEvent) {
      const deltas: DecodedDelta[] = [];
      if (state.done || state.error) return deltas;
      const data = event.data.trim();
      if (data === '' || data === '[DONE]') return deltas;
      let parsed: unknown;
      try {
        parsed = JSON.parse(data);
      } catch {
        if (event.type === 'error') state.error = events.plainError(data);
        else deltas.push({ type: 'skipped-events', count: 1 });
        return deltas;
      }
      if (!isObject(parsed)) return deltas;
      if (Array.isArray(parsed.choices)) {
        state.error = events.chatChunk();
        return deltas;
      }
      events.onEvent(event.type !== 'message' ? event.type : text(parsed.type), parsed, deltas, state);
      return deltas;
    },
    end() {
      if (!state.error && !state.done && state.finishReason === undefined) {
        state.error = new OpenAiModelError('stream-interrupted', `The stream ended before the reply was complete (no ${events.incomplete})`, { reason: 'incomplete' });
      }
      return [];
    },
    get done() {
      return state.done;
    },
    get finishReason() {
      return state.finishReason;
    },
    get error() {
      return state.error;
    },
  };
}
