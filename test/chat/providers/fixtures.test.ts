// @vitest-environment node
// Every recorded stream (test/fixtures/stream-recorded and test/fixtures/stream), fed to the real
// reading code whole, byte by byte, at the cuts the fixture suggests, at 60 seeded random cuts,
// and cut inside every multi-byte character and every CR LF: the result never depends on the cuts.
import { describe, expect, it } from 'vitest';
import type { DecodedDelta } from '../../../src/chat/wire';
import { responseError } from '../../../src/chat/wire/http-errors';
import { readReply } from '../../../src/chat/chat-completions/reply-reader';
import { createSseParser, type SseEvent } from '../../../src/chat/wire/sse-parser';
import { loadFixtures, OWN_FIXTURES_DIR, RECORDED_FIXTURES_DIR, type StreamFixture } from '../../support/openai-server/fixtures.mjs';
import {
  byteByByte,
  cut,
  expectedOutcome,
  fold,
  insideCrLf,
  insideMultiByte,
  randomOffsets,
  responseOf,
  SEEDS,
  type Outcome,
} from './stream-harness';

const URL_UNDER_TEST = 'http://127.0.0.1:1/v1/chat/completions';
const recorded = loadFixtures(RECORDED_FIXTURES_DIR);
const own = loadFixtures(OWN_FIXTURES_DIR);
const all = [...recorded, ...own];

async function run(fixture: StreamFixture, parts: Uint8Array[], broken = false): Promise<Outcome> {
  const response = responseOf(fixture, parts, broken);
  const deltas: DecodedDelta[] = [];
  try {
    if (!response.ok) throw await responseError(response, URL_UNDER_TEST);
    const options = { maxEventChars: fixture.max_event_chars };
    for await (const delta of readReply(response, new AbortController().signal, URL_UNDER_TEST, options)) deltas.push(delta);
  } catch (error) {
    return fold(deltas, error);
  }
  return fold(deltas);
}

function parseEvents(parts: Uint8Array[]): { events: SseEvent[]; retryMs: number | undefined } {
  const parser = createSseParser();
  const events = parts.flatMap((part) => parser.feed(part));
  parser.end();
  return { events, retryMs: parser.retryMs };
}

/** Every way of cutting a fixture, each with a label that names it in a failure. */
function cuttings(fixture: StreamFixture): [label: string, parts: Uint8Array[]][] {
  const { bytes } = fixture;
  const ways: [string, Uint8Array[]][] = [
    ['whole', [bytes]],
    ['byte by byte', byteByByte(bytes)],
  ];
  const suggested = fixture.suggested_chunking?.split_at_byte_offsets;
  if (suggested) ways.push([`at the suggested offsets ${suggested.join(',')}`, cut(bytes, suggested)]);
  for (let seed = 1; seed <= SEEDS; seed++) ways.push([`seed ${seed}`, cut(bytes, randomOffsets(bytes.length, seed))]);
  const multiByte = insideMultiByte(bytes);
  if (multiByte.length) {
    ways.push(['inside every multi-byte character at once', cut(bytes, multiByte)]);
    for (const offset of multiByte) ways.push([`inside a multi-byte character at ${offset}`, cut(bytes, [offset])]);
  }
  const crLf = insideCrLf(bytes);
  if (crLf.length) {
    ways.push(['inside every CR LF at once', cut(bytes, crLf)]);
    for (const offset of crLf) ways.push([`inside the CR LF at ${offset}`, cut(bytes, [offset])]);
  }
  return ways;
}

it('reads both fixture sets', () => {
  expect(recorded.length).toBeGreaterThanOrEqual(14);
  expect(own.length).toBeGreaterThanOrEqual(30);
  expect(new Set(all.map((f) => f.name)).size).toBe(all.length);
});

describe.each(all.map((fixture) => [fixture.name, fixture] as const))('%s', (_, fixture) => {
  const expected = expectedOutcome(fixture);

  it('gives the expected text, reasoning, finish reason and error however the body is cut', async () => {
    const baseline = await run(fixture, [fixture.bytes]);
    expect(baseline).toMatchObject(expected);
    for (const [label, parts] of cuttings(fixture)) {
      const outcome = await run(fixture, parts);
      expect(outcome, label).toMatchObject({ ...expected, errorReason: baseline.errorReason });
    }
  });

  if (fixture.expect_truncated) {
    it('keeps the text and reports an interruption when the connection breaks instead of ending', async () => {
      for (const [label, parts] of cuttings(fixture).slice(0, 10)) {
        const outcome = await run(fixture, parts, true);
        expect(outcome, label).toMatchObject({ ...expected, errorCode: 'stream-interrupted', errorReason: 'connection-lost' });
      }
    });
  }

  if (fixture.expected_events) {
    it('parses to exactly the expected events and retry time, however cut', () => {
      for (const [label, parts] of cuttings(fixture)) {
        const { events, retryMs } = parseEvents(parts);
        expect(events, label).toEqual(fixture.expected_events);
        expect(retryMs, label).toBe(fixture.expected_retry_ms);
      }
    });
  }
});

describe('the cut cases the issue names exist in the fixtures', () => {
  it.each([
    ['unicode-split', 'multi-byte', insideMultiByte],
    ['crlf-line-endings', 'CR LF', insideCrLf],
    ['multi-line-data', 'CR LF', insideCrLf],
    ['bom-leading', 'multi-byte', insideMultiByte],
  ] as const)('%s has %s cut points', (name, _, find) => {
    const fixture = all.find((f) => f.name === name)!;
    expect(find(fixture.bytes).length).toBeGreaterThan(0);
  });
});
