// @vitest-environment node
// The time-outs of a streamed reply, against the real test server going silent (limits shortened).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChatDelta } from '../../../src/chat';
import { createOpenAiModel } from '../../../src/chat/chat-completions';
import { OpenAiModelError } from '../../../src/chat/wire';
import { AFTER_FINISH_TIMEOUT_MS, FIRST_BYTE_TIMEOUT_MS, IDLE_TIMEOUT_MS } from '../../../src/chat/wire/stream-clock';
import { chunk, sseEvent, startOpenAiServer, type OpenAiServer } from '../../support/openai-server/index.mjs';
import { fold } from './stream-harness';

/** Short limits so a test waits a fraction of a second, not minutes. */
const LIMITS = { firstByteMs: 300, idleMs: 300, afterFinishMs: 200 };
/** Far longer than any limit: the server stays silent for the rest of the test. */
const SILENCE_MS = 30_000;

let server: OpenAiServer;
beforeAll(async () => {
  server = await startOpenAiServer();
});
afterAll(() => server.close());
afterEach(() => server.reset());

async function collect(signal = new AbortController().signal) {
  const model = createOpenAiModel({ baseUrl: server.url }, { probe: null, limits: LIMITS });
  const deltas: ChatDelta[] = [];
  const startedAt = performance.now();
  let error: unknown;
  try {
    for await (const delta of model.stream({ model: 'test-model', messages: [{ role: 'user', content: 'Hi' }], signal })) deltas.push(delta);
  } catch (caught) {
    error = caught;
  }
  return { outcome: fold(deltas as never, error), error, elapsedMs: performance.now() - startedAt };
}

const text = (content: string, finishReason: string | null = null) => sseEvent(chunk({ content }, { finishReason }));

it('the limits are generous: reasoning models can be silent for a minute', () => {
  expect(FIRST_BYTE_TIMEOUT_MS).toBeGreaterThanOrEqual(120_000);
  expect(IDLE_TIMEOUT_MS).toBeGreaterThan(60_000);
  expect(AFTER_FINISH_TIMEOUT_MS).toBeGreaterThan(0);
});

describe('a server that goes silent', () => {
  it('no answer at all: the first-byte limit fails the reply and drops the request', async () => {
    server.enqueue({ delayMs: SILENCE_MS, steps: [{ data: text('late', 'stop') }] });
    const { outcome, elapsedMs } = await collect();
    expect(outcome).toMatchObject({ text: '', errorCode: 'stream-interrupted', errorReason: 'first-byte-timeout' });
    expect(elapsedMs).toBeGreaterThanOrEqual(LIMITS.firstByteMs - 20);
    await expect.poll(() => server.requests.at(-1)?.response.clientAborted).toBe(true);
  });

  it('headers, then silence: the first-byte limit fails the reply', async () => {
    server.enqueue({ steps: [{ data: text('late', 'stop'), delayMs: SILENCE_MS }] });
    const { outcome, error } = await collect();
    expect(outcome).toMatchObject({ text: '', errorCode: 'stream-interrupted', errorReason: 'first-byte-timeout' });
    expect((error as OpenAiModelError).message).toContain('sent nothing within');
  });

  it('silence mid-reply: the idle limit fails the reply and keeps the text', async () => {
    server.enqueue({ steps: [{ data: text('Hello') }, { data: text(' there') }, { data: text(' lost', 'stop'), delayMs: SILENCE_MS }] });
    const { outcome } = await collect();
    expect(outcome).toMatchObject({ text: 'Hello there', finishReason: null, errorCode: 'stream-interrupted', errorReason: 'idle-timeout' });
    await expect.poll(() => server.requests.at(-1)?.response.clientAborted).toBe(true);
  });

  it('a finish reason, then a body that never closes: the reply is whole, so it completes', async () => {
    server.enqueue({ steps: [{ data: text('Done.', 'stop') }, { data: 'data: [DONE]\n\n', delayMs: SILENCE_MS }] });
    const { outcome, elapsedMs } = await collect();
    expect(outcome).toMatchObject({ text: 'Done.', finishReason: 'stop', errorCode: null });
    expect(elapsedMs).toBeGreaterThanOrEqual(LIMITS.afterFinishMs - 20);
  });

  it('data keeps the reply alive: pauses shorter than the idle limit add up past it', async () => {
    const pause = LIMITS.idleMs / 2;
    server.enqueue({ steps: ['a', 'b', 'c', 'd'].map((letter, i) => ({ data: text(letter, i === 3 ? 'stop' : null), delayMs: pause })) });
    const { outcome, elapsedMs } = await collect();
    expect(outcome).toMatchObject({ text: 'abcd', finishReason: 'stop', errorCode: null });
    expect(elapsedMs).toBeGreaterThan(LIMITS.idleMs);
  });

  it('a stop while the server is silent is quiet, not a time-out', async () => {
    server.enqueue({ steps: [{ data: text('Hi') }, { data: text('!', 'stop'), delayMs: SILENCE_MS }] });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), LIMITS.idleMs / 3);
    const { outcome, error } = await collect(controller.signal);
    expect(error).toBeUndefined();
    expect(outcome.text).toBe('Hi');
  });
});
