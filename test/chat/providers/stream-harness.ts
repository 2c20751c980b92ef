import type { DecodedDelta } from '../../../src/chat/wire';
import { seededRandom } from '../../support/seeded-random.mjs';
import { OpenAiModelError } from '../../../src/chat/wire';
import type { StreamFixture } from '../../support/openai-server/fixtures.mjs';
import { withToolCallPiece } from '../../../src/chat/replies/tool-calls';
import type { ToolCall } from '../../../src/chat';

export { seededRandom };

/**
 * Feeding recorded bodies to the client in every way a network can cut them, and folding the
 * deltas into what a stored message would end up with.
 */

/** Most random cuts a body gets: enough to land in awkward places, few enough to stay readable. */
export const MAX_RANDOM_CUTS = 40;
/** Seeds per fixture (the issue asks for at least 50). */
export const SEEDS = 60;

/** Cut offsets for one seed: half the seeds cut anywhere, half read in tiny pieces (1–8 bytes). */
export function randomOffsets(length: number, seed: number): number[] {
  const random = seededRandom(seed);
  if (length < 2) return [];
  if (seed % 2 === 0) {
    const cuts = 1 + Math.floor(random() * Math.min(MAX_RANDOM_CUTS, length - 1));
    return [...new Set(Array.from({ length: cuts }, () => 1 + Math.floor(random() * (length - 1))))].sort((a, b) => a - b);
  }
  const offsets: number[] = [];
  for (let at = 1 + Math.floor(random() * 8); at < length; at += 1 + Math.floor(random() * 8)) offsets.push(at);
  return offsets;
}

/** Offsets that fall inside a multi-byte UTF-8 character (before a continuation byte). */
export function insideMultiByte(bytes: Uint8Array): number[] {
  const offsets: number[] = [];
  for (let i = 1; i < bytes.length; i++) if ((bytes[i]! & 0xc0) === 0x80) offsets.push(i);
  return offsets;
}

/** Offsets between the CR and the LF of a CR LF. */
export function insideCrLf(bytes: Uint8Array): number[] {
  const offsets: number[] = [];
  for (let i = 1; i < bytes.length; i++) if (bytes[i - 1] === 0x0d && bytes[i] === 0x0a) offsets.push(i);
  return offsets;
}

export function cut(bytes: Uint8Array, offsets: readonly number[]): Uint8Array[] {
  const parts: Uint8Array[] = [];
  let start = 0;
  for (const offset of [...new Set(offsets)].sort((a, b) => a - b)) {
    if (offset <= start || offset >= bytes.length) continue;
    parts.push(bytes.slice(start, offset));
    start = offset;
  }
  parts.push(bytes.slice(start));
  return parts;
}

export const byteByByte = (bytes: Uint8Array): Uint8Array[] => Array.from(bytes, (b) => Uint8Array.of(b));

/**
 * A fetch Response whose body delivers `parts` one read each. `broken`: the body fails after the
 * last part (as a dropped connection does in a browser) instead of ending.
 */
export function responseOf(fixture: Pick<StreamFixture, 'status' | 'content_type' | 'headers'>, parts: Uint8Array[], broken = false): Response {
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next < parts.length) controller.enqueue(parts[next++]!);
      else if (broken) controller.error(new TypeError('terminated'));
      else controller.close();
    },
  });
  return new Response(body, { status: fixture.status, headers: { 'content-type': fixture.content_type, ...fixture.headers } });
}

export interface Outcome {
  text: string;
  reasoning: string;
  finishReason: string | null;
  usage?: { promptTokens?: number; completionTokens?: number; totalTokens?: number };
  tokensPerSecond?: number;
  errorCode: string | null;
  errorReason: string | null;
  errorMessage?: string;
  retryAfterMs?: number;
  skipped: number;
  toolCalls: ToolCall[];
}

/** What a stored message ends up with after these deltas and this failure. */
export function fold(deltas: DecodedDelta[], error?: unknown): Outcome {
  const outcome: Outcome = { text: '', reasoning: '', finishReason: null, errorCode: null, errorReason: null, skipped: 0, toolCalls: [] };
  for (const delta of deltas) {
    switch (delta.type) {
      case 'content':
        outcome.text += delta.text;
        break;
      case 'reasoning':
        outcome.reasoning += delta.text;
        break;
      case 'content-was-reasoning':
        outcome.reasoning += outcome.text;
        outcome.text = '';
        break;
      case 'finish':
        outcome.finishReason = delta.reason;
        break;
      case 'usage':
        outcome.usage = { ...outcome.usage, ...delta.usage };
        break;
      case 'timing':
        outcome.tokensPerSecond = delta.timing.tokensPerSecond;
        break;
      case 'skipped-events':
        outcome.skipped += delta.count;
        break;
      case 'tool-call':
        outcome.toolCalls = withToolCallPiece(outcome.toolCalls, delta);
        break;
    }
  }
  if (error instanceof OpenAiModelError) {
    outcome.errorCode = error.code;
    outcome.errorReason = error.reason ?? null;
    outcome.errorMessage = error.message;
    if (error.retryAfterMs !== undefined) outcome.retryAfterMs = error.retryAfterMs;
  } else if (error !== undefined) {
    throw error;
  }
  return outcome;
}

/** What the recorded fixtures' index does not say: the code each expected failure maps to. */
const SHARED_ERROR_CODES: Record<string, string> = {
  'error-401-openai': 'unauthorized',
  'error-429-rate-limit': 'rate-limited',
  'ollama-v1-404-model-not-found': 'model-not-found',
  'midstream-error-openai': 'server-error',
};

export function expectedCode(fixture: StreamFixture): string | null {
  return fixture.expected_error_code ?? SHARED_ERROR_CODES[fixture.name] ?? (fixture.expect_truncated ? 'stream-interrupted' : null);
}

/** The parts of Outcome a fixture's index entry pins down. */
export function expectedOutcome(fixture: StreamFixture): Partial<Outcome> {
  const expected: Partial<Outcome> = {
    text: fixture.expected_text,
    reasoning: fixture.expected_reasoning,
    finishReason: fixture.expected_finish_reason,
    errorCode: expectedCode(fixture),
    skipped: fixture.expected_skipped_events ?? 0,
    toolCalls: fixture.expected_tool_calls ?? [],
  };
  if (fixture.expected_error !== null) expected.errorMessage = fixture.expected_error;
  if (fixture.expected_error_reason) expected.errorReason = fixture.expected_error_reason;
  if (fixture.expected_usage) {
    const u = fixture.expected_usage;
    expected.usage = { promptTokens: u.prompt_tokens, completionTokens: u.completion_tokens, totalTokens: u.total_tokens };
  }
  if (fixture.expected_timings) expected.tokensPerSecond = fixture.expected_timings.predicted_per_second;
  if (fixture.expected_retry_after_seconds !== undefined) expected.retryAfterMs = fixture.expected_retry_after_seconds * 1000;
  return expected;
}
