// @vitest-environment node
// What a stored reply ends up holding after the stream cases of issue 11, through the real model,
// the real test server and the generation that folds deltas into the message.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Message } from '../../../src/chat';
import { startGeneration, type GenerationFailure } from '../../../src/chat/replies/generation';
import { createOpenAiModel } from '../../../src/chat/chat-completions';
import { fixtureResponse, startOpenAiServer, type OpenAiServer } from '../../support/openai-server/index.mjs';

let server: OpenAiServer;
beforeAll(async () => {
  server = await startOpenAiServer();
});
afterAll(() => server.close());
afterEach(() => server.reset());

const empty: Message = { id: 'a1', chatId: 'c1', parentId: 'u1', role: 'assistant', content: '', status: 'streaming', createdAt: 0 };

function generate(maxTokens?: number): Promise<{ message: Message; failure?: GenerationFailure }> {
  let failure: GenerationFailure | undefined;
  const generation = startGeneration({
    model: createOpenAiModel({ baseUrl: server.url }, { probe: null }),
    request: { model: 'test-model', messages: [{ role: 'user', content: 'Hi' }], maxTokens },
    message: empty,
    now: () => Date.now(),
    onUpdate() {},
    save: async () => {},
    onFinish(_, f) {
      failure = f;
    },
  });
  return generation.done.then((message) => ({ message, failure }));
}

it('a reply that is only tool calls is complete and carries each call: id, name, arguments, per index', async () => {
  server.enqueue(fixtureResponse('tool-call-streamed'));
  const { message, failure } = await generate();
  expect(failure).toBeUndefined();
  expect(message).toMatchObject({ status: 'complete', content: '', finishReason: 'tool_calls' });
  expect(message.toolCalls).toEqual([
    { index: 0, id: 'call_abc', name: 'get_weather', arguments: '{"location": "Paris", "unit": "°C"}' },
    { index: 1, id: 'call_def', name: 'get_time', arguments: '{}' },
  ]);
});

it('a length stop with no answer text is complete, and keeps the Maximum tokens it was asked with', async () => {
  server.enqueue(fixtureResponse('length-empty'));
  const { message, failure } = await generate(16);
  expect(failure).toBeUndefined();
  expect(message).toMatchObject({ status: 'complete', content: '', reasoning: 'Thinking at length and more', finishReason: 'length', maxTokens: 16 });
  server.enqueue(fixtureResponse('length-empty'));
  expect((await generate()).message.maxTokens).toBeUndefined();
});

it('malformed events are skipped and counted on the reply', async () => {
  server.enqueue(fixtureResponse('malformed-skipped', { split: [100, 200, 300] }));
  const { message } = await generate();
  expect(message).toMatchObject({ status: 'complete', content: 'Before and after.', skippedEvents: 3 });
});

it('an OpenRouter error chunk fails the reply with its finish reason and the text kept', async () => {
  server.enqueue(fixtureResponse('openrouter-error-finish'));
  const { message } = await generate();
  expect(message).toMatchObject({ status: 'error', content: 'Partial answer', finishReason: 'error', errorCode: 'server-error', errorReason: 'bad-gateway', error: 'Provider returned error' });
});
