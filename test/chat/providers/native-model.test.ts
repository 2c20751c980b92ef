// @vitest-environment node
// Issue 27: Anthropic Messages and OpenAI Responses clients against the real test server (its
// /v1/messages and /v1/responses routes check the headers), through Node's own fetch.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChatDelta } from '../../../src/chat';
import { listModelCatalog, type OpenAiConnection } from '../../../src/chat/wire';
import { createApiModel } from '../../../src/chat/providers/api-model';
import { checkResponsesApi } from '../../../src/chat/wire/list-models';
import { OpenAiModelError } from '../../../src/chat/wire/openai-error';
import { diagnoseWrongFormat } from '../../../src/chat/wire/wrong-format';
import { startGeneration } from '../../../src/chat/replies/generation';
import { anthropicError, anthropicStream, responsesStream, startOpenAiServer, type OpenAiServer } from '../../support/openai-server/index.mjs';
import { fold } from './stream-harness';

let server: OpenAiServer;
let openAiOnly: OpenAiServer;
let anthropicOnly: OpenAiServer;
beforeAll(async () => {
  server = await startOpenAiServer({ apiKey: 'sk-ant-test', anthropicPageSize: 2, models: ['claude-a', 'claude-b', 'claude-c', 'claude-d', 'claude-e'] });
  openAiOnly = await startOpenAiServer({ speaks: ['openai'] });
  anthropicOnly = await startOpenAiServer({ speaks: ['anthropic'] });
});
afterAll(() => Promise.all([server.close(), openAiOnly.close(), anthropicOnly.close()]));
afterEach(() => server.reset());

const anthropic = (base = server.url): OpenAiConnection => ({ baseUrl: base, apiKey: 'sk-ant-test', api: 'anthropic' });
const responses = (base = server.url): OpenAiConnection => ({ baseUrl: base, apiKey: 'sk-ant-test', api: 'responses' });
const options = { probe: null } as const;

async function collect(connection: OpenAiConnection, extra: Record<string, unknown> = {}) {
  const deltas: ChatDelta[] = [];
  let error: unknown;
  try {
    const model = createApiModel(connection, options);
    for await (const delta of model.stream({ model: 'claude-a', messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }], signal: new AbortController().signal, ...extra })) deltas.push(delta);
  } catch (caught) {
    error = caught;
  }
  return { deltas, outcome: fold(deltas, error) };
}

describe('Anthropic Messages', () => {
  it('sends the key as x-api-key with the version and direct-browser-access headers (no Bearer), and reads thinking, its signature and the answer', async () => {
    server.enqueue(anthropicStream({ thinking: 'Short thought.', signature: 'sig-1', text: 'Hello!', inputTokens: 14, outputTokens: 7 }));
    const { deltas, outcome } = await collect(anthropic(), { thinkingBudget: 1024 });
    expect(outcome).toMatchObject({ text: 'Hello!', reasoning: 'Short thought.', finishReason: 'stop', usage: { promptTokens: 14, completionTokens: 7, totalTokens: 21 }, errorCode: null });
    expect(deltas.filter((d) => d.type === 'thinking-block')).toEqual([{ type: 'thinking-block', block: { type: 'thinking', thinking: 'Short thought.', signature: 'sig-1' } }]);
    const [request] = server.requests.filter((r) => r.path === '/v1/messages');
    expect(request!.headers).toMatchObject({ 'x-api-key': 'sk-ant-test', 'anthropic-version': '2023-06-01', 'anthropic-dangerous-direct-browser-access': 'true', accept: 'text/event-stream' });
    expect(request!.headers.authorization).toBeUndefined();
    expect(request!.body).toEqual({
      model: 'claude-a',
      max_tokens: 1024 + 4096,
      system: 'Be brief.',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
      thinking: { type: 'enabled', budget_tokens: 1024 },
      stream: true,
    });
  });

  it('a rejected key is unauthorized; overloaded (529) is said as overloaded; a rate limit keeps its retry-after', async () => {
    const rejected = await collect({ ...anthropic(), apiKey: 'sk-wrong' });
    expect(rejected.outcome).toMatchObject({ errorCode: 'unauthorized', errorMessage: 'invalid x-api-key' });
    server.enqueue(anthropicError(529, 'overloaded_error', 'Overloaded'));
    expect((await collect(anthropic())).outcome).toMatchObject({ errorCode: 'server-error', errorReason: 'overloaded' });
    server.enqueue(anthropicError(429, 'rate_limit_error', 'Slow down', { 'Retry-After': '7' }));
    expect((await collect(anthropic())).outcome).toMatchObject({ errorCode: 'rate-limited', retryAfterMs: 7000 });
  });

  it('lists every page of models (has_more / last_id → after_id)', async () => {
    const catalog = await listModelCatalog(anthropic(), options);
    expect(catalog.ids).toEqual(['claude-a', 'claude-b', 'claude-c', 'claude-d', 'claude-e']);
    const pages = server.requests.filter((r) => r.path === '/v1/models');
    expect(pages.map((r) => r.query.after_id ?? null)).toEqual([null, 'claude-b', 'claude-d']);
    expect(pages[0]!.headers).toMatchObject({ 'x-api-key': 'sk-ant-test', 'anthropic-version': '2023-06-01' });
  });

  it('asks titles without streaming and reads the text blocks', async () => {
    server.enqueue({ status: 200, json: { id: 'msg_t', type: 'message', role: 'assistant', content: [{ type: 'text', text: '"Greeting a friend"' }], stop_reason: 'end_turn', usage: { input_tokens: 5, output_tokens: 4 } } });
    const title = await createApiModel(anthropic(), options).title!({ model: 'claude-a', messages: [{ role: 'user', content: 'Hi' }], signal: new AbortController().signal });
    expect(title).toBe('Greeting a friend');
    expect(server.requests.at(-1)!.body).toMatchObject({ model: 'claude-a', max_tokens: 32, temperature: 0.2 });
    expect(server.requests.at(-1)!.body).not.toHaveProperty('stream');
  });
});

describe('a connection set to the wrong format says which to choose', () => {
  it('Anthropic’s address with the OpenAI-compatible format: “set it to Anthropic Messages”', async () => {
    await expect(listModelCatalog({ baseUrl: anthropicOnly.url, apiKey: 'k' }, options)).rejects.toMatchObject({ code: 'malformed-stream', reason: 'anthropic-stream' });
  });

  it('an OpenAI-compatible server with the Anthropic format: “set it to OpenAI-compatible”', async () => {
    await expect(listModelCatalog(anthropic(openAiOnly.url), options)).rejects.toMatchObject({ code: 'malformed-stream', reason: 'openai-api' });
  });

  it('an OpenAI-compatible server with the Anthropic format, chatting: its 404 at /messages is said as the format to choose (issue 33)', async () => {
    const { outcome } = await collect(anthropic(openAiOnly.url));
    expect(outcome).toMatchObject({ errorCode: 'malformed-stream', errorReason: 'openai-api' });
  });

  describe('a failure that hides the format: the server is asked the plainest way (issue 33)', () => {
    // What a browser reports when the server's CORS preflight refuses Anthropic's headers: the server answered the no-cors probe.
    const blocked = (base: string) => new OpenAiModelError('unreachable', `Could not reach ${base}/models (Failed to fetch)`, { reason: 'cors', url: `${base}/models` });

    it.each(['cors', 'cors-or-down'] as const)('blocked (%s) at an OpenAI-compatible server: it speaks Chat Completions', async (reason) => {
      openAiOnly.reset();
      const error = new OpenAiModelError('unreachable', 'Failed to fetch', { reason, url: `${openAiOnly.url}/models` });
      await expect(diagnoseWrongFormat(anthropic(openAiOnly.url), error, options)).resolves.toMatchObject({ code: 'malformed-stream', reason: 'openai-api', url: `${openAiOnly.url}/models` });
      // A request no browser asks a preflight for: a GET with no key and no header of Anthropic's.
      const asked = openAiOnly.requests.at(-1)!;
      expect(asked).toMatchObject({ method: 'GET', path: '/v1/models' });
      expect(Object.keys(asked.headers).filter((name) => name === 'authorization' || name === 'x-api-key' || name.startsWith('anthropic-'))).toEqual([]);
    });

    it('blocked at a server that speaks only Anthropic’s format, or down: the error stays what it was', async () => {
      const atAnthropic = blocked(anthropicOnly.url);
      await expect(diagnoseWrongFormat(anthropic(anthropicOnly.url), atAnthropic, options)).resolves.toBe(atAnthropic);
      const gone = await startOpenAiServer();
      const base = gone.url;
      await gone.close();
      const down = new OpenAiModelError('unreachable', 'Failed to fetch', { reason: 'cors-or-down', url: `${base}/models` });
      await expect(diagnoseWrongFormat(anthropic(base), down, options)).resolves.toBe(down);
    });

    it('asks only for a connection set to Anthropic, and only after a failure a format could explain', async () => {
      openAiOnly.reset();
      const refused = new OpenAiModelError('unauthorized', 'Invalid key', { status: 401 });
      await expect(diagnoseWrongFormat(anthropic(openAiOnly.url), refused, options)).resolves.toBe(refused);
      const blockedChat = blocked(openAiOnly.url);
      await expect(diagnoseWrongFormat({ baseUrl: openAiOnly.url }, blockedChat, options)).resolves.toBe(blockedChat);
      expect(openAiOnly.requests).toEqual([]);
    });
  });

  it('a server without /responses, set to Responses: its endpoint is not found (Test connection asks)', async () => {
    await expect(checkResponsesApi(responses(openAiOnly.url), options)).rejects.toMatchObject({ code: 'model-not-found', reason: 'endpoint-not-found' });
    await expect(checkResponsesApi(responses(), options)).resolves.toBeUndefined();
  });

  it('a server without /responses, set to Responses, chatting: the reply fails as the missing endpoint, whose fix names Chat Completions', async () => {
    const { outcome } = await collect(responses(openAiOnly.url));
    expect(outcome).toMatchObject({ errorCode: 'model-not-found', errorReason: 'endpoint-not-found' });
  });
});

describe('OpenAI Responses', () => {
  it('sends a Bearer key and the input items, and reads the reasoning summary, a function call and the usage', async () => {
    server.enqueue(responsesStream({ summary: 'Thinking about it.', toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{"location":"Paris"}' }], inputTokens: 30, outputTokens: 12, reasoningTokens: 8 }));
    const { outcome, deltas } = await collect(responses(), { reasoningEffort: 'low' });
    // Its id, kept on the reply for previous_response_id when the provider keeps replies.
    expect(deltas).toContainEqual({ type: 'response-id', id: 'resp_test' });
    expect(outcome).toMatchObject({
      text: '',
      reasoning: 'Thinking about it.',
      finishReason: 'tool_calls',
      usage: { promptTokens: 30, completionTokens: 12, totalTokens: 42, reasoningTokens: 8 },
      toolCalls: [{ index: 1, id: 'call_1', name: 'get_weather', arguments: '{"location":"Paris"}' }],
    });
    const [request] = server.requests.filter((r) => r.path === '/v1/responses');
    expect(request!.headers.authorization).toBe('Bearer sk-ant-test');
    expect(request!.headers['x-api-key']).toBeUndefined();
    expect(request!.body).toEqual({ model: 'claude-a', instructions: 'Be brief.', input: [{ role: 'user', content: 'Hi' }], reasoning: { effort: 'low', summary: 'auto' }, store: false, stream: true });
  });

  it('with the provider keeping replies, asks it to store and names the last kept reply', async () => {
    server.enqueue(responsesStream({ text: 'Again.' }));
    await collect({ ...responses(), storeResponses: true }, { messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello', responseId: 'resp_prev' }, { role: 'user', content: 'Again?' }] });
    expect(server.requests.at(-1)!.body).toMatchObject({ store: true, previous_response_id: 'resp_prev', input: [{ role: 'user', content: 'Again?' }] });
  });

  it('asks titles without streaming and reads the output text', async () => {
    server.enqueue({ status: 200, json: { id: 'resp_t', object: 'response', status: 'completed', output: [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Weather in Paris', annotations: [] }] }] } });
    const title = await createApiModel(responses(), options).title!({ model: 'gpt-5', messages: [{ role: 'user', content: 'Hi' }], signal: new AbortController().signal });
    expect(title).toBe('Weather in Paris');
    expect(server.requests.at(-1)!.body).toMatchObject({ model: 'gpt-5', max_output_tokens: 32, store: false });
  });
});

describe('what a stored reply keeps (issue 27)', () => {
  const empty = { id: 'a1', chatId: 'c1', parentId: 'u1', role: 'assistant' as const, content: '', status: 'streaming' as const, createdAt: 0 };
  const generate = (connection: OpenAiConnection) =>
    startGeneration({
      model: createApiModel(connection, options),
      request: { model: 'claude-a', messages: [{ role: 'user', content: 'Hi' }] },
      message: empty,
      now: () => Date.now(),
      onUpdate() {},
      save: async () => {},
      onFinish() {},
    }).done;

  it('Claude’s thinking blocks with their signatures, its calls and its usage', async () => {
    server.enqueue(anthropicStream({ thinking: 'Use the tool.', signature: 'sig-kept', toolCalls: [{ id: 'toolu_k', name: 'get_weather', arguments: '{"location":"Oslo"}' }], inputTokens: 9, outputTokens: 5 }));
    const message = await generate(anthropic());
    expect(message).toMatchObject({
      status: 'complete',
      reasoning: 'Use the tool.',
      thinkingBlocks: [{ type: 'thinking', thinking: 'Use the tool.', signature: 'sig-kept' }],
      toolCalls: [{ index: 1, id: 'toolu_k', name: 'get_weather', arguments: '{"location":"Oslo"}' }],
      finishReason: 'tool_calls',
      usage: { promptTokens: 9, completionTokens: 5, totalTokens: 14 },
    });
  });

  it('the Responses reply’s id', async () => {
    server.enqueue(responsesStream({ text: 'Hi.' }));
    expect(await generate(responses())).toMatchObject({ status: 'complete', content: 'Hi.', responseId: 'resp_test' });
  });
});
