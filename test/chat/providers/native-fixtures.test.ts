// @vitest-environment node
// Issue 27: Anthropic Messages and OpenAI Responses streams (test/fixtures/stream-native, written
// from the providers' documented samples) fed to the real reading code whole, byte by byte and at
// 60 seeded random cuts: the folded reply (text, reasoning, tool calls, thinking blocks with their
// signatures, usage, finish, failure) never depends on the cuts.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ThinkingBlock } from '../../../src/chat';
import type { DecodedDelta } from '../../../src/chat/wire';
import { anthropicFormat } from '../../../src/chat/anthropic/anthropic-model';
import { errorFromResponse, readLimitedText } from '../../../src/chat/wire/http-errors';
import type { NativeFormat } from '../../../src/chat/native/native-model';
import { readReply } from '../../../src/chat/chat-completions/reply-reader';
import { responsesFormat } from '../../../src/chat/responses/responses-model';
import { loadFixtures, type StreamFixture } from '../../support/openai-server/fixtures.mjs';
import { byteByByte, cut, expectedOutcome, fold, insideMultiByte, randomOffsets, responseOf, SEEDS, type Outcome } from './stream-harness';

const NATIVE_DIR = fileURLToPath(new URL('../../fixtures/stream-native/', import.meta.url));
const fixtures = loadFixtures(NATIVE_DIR) as (StreamFixture & { expected_thinking_blocks?: ThinkingBlock[]; expected_usage?: { reasoning_tokens?: number } })[];
const URL_UNDER_TEST = 'http://127.0.0.1:1/v1/messages';

const formatOf = (fixture: StreamFixture): NativeFormat => (fixture.protocol === 'anthropic-messages-sse' ? anthropicFormat() : responsesFormat());

async function run(fixture: StreamFixture, parts: Uint8Array[]): Promise<Outcome & { thinkingBlocks: ThinkingBlock[] }> {
  const format = formatOf(fixture);
  const response = responseOf(fixture, parts);
  const deltas: DecodedDelta[] = [];
  const thinkingBlocks = (): ThinkingBlock[] => deltas.flatMap((d) => (d.type === 'thinking-block' ? [d.block] : []));
  try {
    if (!response.ok) {
      const text = await readLimitedText(response);
      const error = errorFromResponse(response, text, URL_UNDER_TEST, 0);
      throw format.refine ? format.refine(error, JSON.parse(text)) : error;
    }
    for await (const delta of readReply(response, new AbortController().signal, URL_UNDER_TEST, { decoder: format.decoder })) deltas.push(delta);
  } catch (error) {
    return { ...fold(deltas, error), thinkingBlocks: thinkingBlocks() };
  }
  return { ...fold(deltas), thinkingBlocks: thinkingBlocks() };
}

function cuttings(bytes: Uint8Array): [string, Uint8Array[]][] {
  const ways: [string, Uint8Array[]][] = [
    ['whole', [bytes]],
    ['byte by byte', byteByByte(bytes)],
  ];
  for (let seed = 1; seed <= SEEDS; seed++) ways.push([`seed ${seed}`, cut(bytes, randomOffsets(bytes.length, seed))]);
  const multiByte = insideMultiByte(bytes);
  if (multiByte.length) ways.push(['inside every multi-byte character', cut(bytes, multiByte)]);
  return ways;
}

describe('Anthropic and Responses streams, however the network cuts them', () => {
  it('covers every event sequence the issue names', () => {
    const names = fixtures.map((f) => f.name);
    // text, thinking with signatures, tool use, errors mid-stream, overload, incomplete — for each format.
    for (const name of ['anthropic-text', 'anthropic-thinking', 'anthropic-tool-use', 'anthropic-overloaded-midstream', 'anthropic-overloaded-529', 'anthropic-truncated', 'anthropic-rate-limit-429']) {
      expect(names).toContain(name);
    }
    for (const name of ['responses-text', 'responses-reasoning', 'responses-reasoning-text', 'responses-reasoning-text-whole', 'responses-function-call', 'responses-incomplete', 'responses-failed', 'responses-error']) expect(names).toContain(name);
  });

  it.each(fixtures.map((f) => [f.name, f] as const))('%s', async (_name, fixture) => {
    const expected = expectedOutcome(fixture);
    if (fixture.expected_usage?.reasoning_tokens !== undefined) expected.usage = { ...expected.usage, reasoningTokens: fixture.expected_usage.reasoning_tokens } as Outcome['usage'];
    const blocks = fixture.expected_thinking_blocks ?? [];
    const ways = fixture.status === 200 ? cuttings(fixture.bytes) : [['whole', [fixture.bytes]] as [string, Uint8Array[]]];
    for (const [label, parts] of ways) {
      const outcome = await run(fixture, parts);
      expect(outcome, `${fixture.name}, ${label}`).toMatchObject(expected);
      expect(outcome.thinkingBlocks, `${fixture.name}, ${label}`).toEqual(blocks);
    }
  });
});
