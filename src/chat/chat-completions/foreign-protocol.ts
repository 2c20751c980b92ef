import { OpenAiModelError } from '../wire';

/**
 * Replies in another API's format, which reach the client when a base URL or a proxy points at
 * the wrong API: Ollama's native `/api/chat` (NDJSON lines with `message` and `done`) and
 * Anthropic's Messages API (`message_start`, `content_block_delta`…). Read as OpenAI chunks they
 * carry no choices and yield nothing; recognised, the user can be told which address to use.
 */

export type ForeignProtocol = 'ollama-native' | 'anthropic';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The event types of an Anthropic Messages stream that carry the reply (its `ping` and `error` prove nothing). */
const ANTHROPIC_EVENTS = new Set(['message_start', 'message_delta', 'message_stop', 'content_block_start', 'content_block_delta', 'content_block_stop']);

/** Ollama's documented port: its OpenAI-compatible API is `/v1` on the same address. */
const OLLAMA_DEFAULT_BASE = 'http://localhost:11434/v1';

/** The protocol a parsed chunk (or a whole JSON body) belongs to, when it is not OpenAI's. */
export function foreignProtocolOf(chunk: Json, eventType = 'message'): ForeignProtocol | undefined {
  if (Array.isArray(chunk.choices)) return undefined;
  if (ANTHROPIC_EVENTS.has(eventType)) return 'anthropic';
  if (typeof chunk.type === 'string' && (ANTHROPIC_EVENTS.has(chunk.type) || (chunk.type === 'message' && Array.isArray(chunk.content)))) {
    return 'anthropic';
  }
  if (typeof chunk.done === 'boolean' && (isObject(chunk.message) || typeof chunk.response === 'string')) return 'ollama-native';
  return undefined;
}

function ollamaBase(url: string | undefined): string {
  try {
    return url ? `${new URL(url).origin}/v1` : OLLAMA_DEFAULT_BASE;
  } catch {
    return OLLAMA_DEFAULT_BASE;
  }
}

export function foreignProtocolError(protocol: ForeignProtocol, url: string | undefined): OpenAiModelError {
  if (protocol === 'ollama-native') {
    return new OpenAiModelError(
      'malformed-stream',
      `The server answered in Ollama's native format, not its OpenAI-compatible one: use the base URL ${ollamaBase(url)}`,
      { reason: 'ollama-native', url },
    );
  }
  return new OpenAiModelError(
    'malformed-stream',
    "The server answered with Anthropic's Messages API, which is not OpenAI-compatible: use an OpenAI-compatible endpoint, or OpenRouter (https://openrouter.ai/api/v1) for Claude models",
    { reason: 'anthropic-stream', url },
  );
}
