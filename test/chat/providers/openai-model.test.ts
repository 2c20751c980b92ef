// @vitest-environment node
// The model against a real local HTTP server, through Node's own fetch: nothing mocked.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChatDelta, Message } from '../../../src/chat';
import { startGeneration } from '../../../src/chat/replies/generation';
import { createOpenAiModel } from '../../../src/chat/chat-completions';
import { listModelCatalog, listModels, noCorsProbe, OpenAiModelError, TITLE_INSTRUCTION, TITLE_MAX_TOKENS, type OpenAiModel, type OpenAiModelOptions } from '../../../src/chat/wire';
import { errorResponse, fixtureResponse, reply, startOpenAiServer, textStream, type OpenAiServer } from '../../support/openai-server/index.mjs';
import { fold, type Outcome } from './stream-harness';

let server: OpenAiServer;
beforeAll(async () => {
  server = await startOpenAiServer();
});
afterAll(() => server.close());
afterEach(() => server.reset());

const NOW = Date.UTC(2026, 2, 1, 12, 0, 0);
const messages = [{ role: 'user' as const, content: 'Hi there' }];

function model(options: OpenAiModelOptions = {}, connection: Partial<Parameters<typeof createOpenAiModel>[0]> = {}): OpenAiModel {
  return createOpenAiModel({ baseUrl: server.url, ...connection }, { probe: null, ...options });
}

/** Runs a stream to its end; returns the deltas and what the message would hold. */
async function collect(m: OpenAiModel, signal = new AbortController().signal, extra: Record<string, unknown> = {}) {
  const deltas: ChatDelta[] = [];
  let error: unknown;
  try {
    for await (const delta of m.stream({ model: 'test-model', messages, signal, ...extra })) deltas.push(delta);
  } catch (caught) {
    error = caught;
  }
  return { deltas, error, outcome: fold(deltas as never, error) };
}

const chatRequests = () => server.requests.filter((r) => r.path === '/v1/chat/completions');

describe('streaming a reply', () => {
  it('sends the OpenAI request and turns the stream into deltas', async () => {
    server.setScript(textStream('Hello there, friend.', { chunkSize: 5, promptTokens: 12 }));
    const m = model({}, { apiKey: ' sk-test ', headers: { 'X-Title': 'Parley' } });
    const { outcome } = await collect(m);
    expect(outcome).toEqual({
      text: 'Hello there, friend.',
      reasoning: '',
      finishReason: 'stop',
      usage: { promptTokens: 12, completionTokens: 4, totalTokens: 16 },
      errorCode: null,
      errorReason: null,
      skipped: 0,
      toolCalls: [],
    });
    const [request] = chatRequests();
    expect(request!.method).toBe('POST');
    expect(request!.body).toEqual({ model: 'test-model', messages, stream: true, stream_options: { include_usage: true } });
    expect(request!.headers).toMatchObject({
      authorization: 'Bearer sk-test',
      'content-type': 'application/json',
      accept: 'text/event-stream',
      'x-title': 'Parley',
    });
  });

  it('sends no Authorization without a key, and no model when none is chosen', async () => {
    server.setScript(textStream('ok'));
    const m = model();
    for await (const _ of m.stream({ messages, signal: new AbortController().signal })) void _;
    const [request] = chatRequests();
    expect(request!.headers.authorization).toBeUndefined();
    expect(request!.body).not.toHaveProperty('model');
  });

  it.each([
    ['unset: the server decides', {}, {}, {}],
    ['the model’s defaults', { temperature: 0.7, maxTokens: 256 }, {}, { temperature: 0.7, max_tokens: 256 }],
    ['the request’s own settings win', { temperature: 0.7, maxTokens: 256 }, { temperature: 0, maxTokens: 64 }, { temperature: 0, max_tokens: 64 }],
  ])('temperature and max tokens: %s', async (_, options, extra, expected) => {
    server.setScript(textStream('ok'));
    await collect(model(options), undefined, extra);
    const body = chatRequests()[0]!.body;
    expect({ temperature: body.temperature, max_tokens: body.max_tokens }).toEqual({ temperature: undefined, max_tokens: undefined, ...expected });
  });

  it('delivers each piece as it arrives, not at the end', async () => {
    server.setScript(textStream(['one', ' two', ' three'], { delayMs: 60 }));
    const m = model();
    const seen: { text: string; serverDone: boolean }[] = [];
    for await (const delta of m.stream({ messages, signal: new AbortController().signal })) {
      if (delta.type === 'content') seen.push({ text: delta.text, serverDone: chatRequests()[0]!.response.completed });
    }
    expect(seen.map((s) => s.text).join('')).toBe('one two three');
    expect(seen[0]).toEqual({ text: 'one', serverDone: false });
  });

  it('reports reasoning, usage and llama.cpp timings', async () => {
    const timings = { prompt_n: 11, prompt_ms: 30.25, predicted_n: 9, predicted_ms: 120.6, predicted_per_second: 74.6268656716418 };
    server.setScript(textStream('Hi there!', { reasoning: 'Greeting; reply briefly.', timings, usage: { prompt_tokens: 11, completion_tokens: 9, total_tokens: 20 } }));
    const { deltas, outcome } = await collect(model());
    expect(outcome).toMatchObject({ text: 'Hi there!', reasoning: 'Greeting; reply briefly.', usage: { promptTokens: 11, completionTokens: 9, totalTokens: 20 } });
    expect(deltas).toContainEqual({ type: 'timing', timing: { tokensPerSecond: 74.6268656716418, estimated: false } });
  });

  it('reads a whole JSON completion from a server that ignores stream: true', async () => {
    server.setScript(reply('Whole answer.', { reasoning: 'Brief.' })({ body: { stream: false } } as never));
    const { outcome } = await collect(model());
    expect(outcome).toMatchObject({ text: 'Whole answer.', reasoning: 'Brief.', finishReason: 'stop', errorCode: null });
  });

  it('merges the tokens of one read into one delta, so a fast server costs few updates', async () => {
    const tokens = Array.from({ length: 2000 }, (_, i) => ` t${i}`);
    server.setScript(textStream(tokens));
    const { deltas, outcome } = await collect(model());
    expect(outcome.text).toBe(tokens.join(''));
    expect(deltas.filter((d) => d.type === 'content').length).toBeLessThan(tokens.length);
  });
});

describe('a server that refuses stream_options', () => {
  const refusing = (message: string, status = 400) => (request: { body: { stream_options?: unknown } }) =>
    request.body.stream_options ? errorResponse(status, message) : textStream('Without usage.', { usage: false });

  it.each([
    ['OpenAI-style', 'Unrecognized request argument supplied: stream_options'],
    ['names include_usage', "Unknown parameter: 'stream_options.include_usage'."],
    ['pydantic extra fields', 'Extra inputs are not permitted', 422],
    ['unknown field', 'json: unknown field "stream_options"'],
  ])('%s: retries once without it and remembers', async (_, message, status = 400) => {
    server.setScript(refusing(message, status) as never);
    const m = model();
    expect((await collect(m)).outcome).toMatchObject({ text: 'Without usage.', errorCode: null });
    expect(chatRequests().map((r) => 'stream_options' in r.body)).toEqual([true, false]);
    expect(m.sendsStreamOptions).toBe(false);
    await collect(m);
    expect(chatRequests().map((r) => 'stream_options' in r.body)).toEqual([true, false, false]);
  });

  it('does not retry a 400 about something else', async () => {
    server.setScript(errorResponse(400, "'messages' must contain at least one message"));
    const m = model();
    const { outcome } = await collect(m);
    expect(outcome).toMatchObject({ errorCode: 'unknown', errorMessage: "'messages' must contain at least one message" });
    expect(chatRequests()).toHaveLength(1);
    expect(m.sendsStreamOptions).toBe(true);
  });

  it('switches to max_completion_tokens when the server asks for it', async () => {
    server.setScript(((request: { body: Record<string, unknown> }) =>
      'max_tokens' in request.body
        ? errorResponse(400, "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.")
        : textStream('ok')) as never);
    const m = model({ maxTokens: 100 });
    expect((await collect(m)).outcome.text).toBe('ok');
    await collect(m);
    expect(chatRequests().map((r) => r.body.max_tokens ?? `completion:${r.body.max_completion_tokens}`)).toEqual([100, 'completion:100', 'completion:100']);
  });
});

describe('HTTP errors, checked before any parsing', () => {
  const dateIn30s = new Date(NOW + 30_000).toUTCString();
  it.each([
    ['401 (OpenAI body)', fixtureResponse('error-401-openai'), { code: 'unauthorized', status: 401 }, /^Incorrect API key provided/],
    ['401 (llama.cpp body)', errorResponse(401, 'Invalid API Key', { type: 'authentication_error', code: 401 }), { code: 'unauthorized', status: 401 }, /^Invalid API Key$/],
    ['403', errorResponse(403, 'Country, region, or territory not supported'), { code: 'unauthorized', status: 403, reason: 'forbidden' }, /not supported/],
    ['404 unknown model (Ollama)', fixtureResponse('ollama-v1-404-model-not-found'), { code: 'model-not-found', status: 404, reason: undefined }, /^model 'llama9' not found$/],
    ['429 with Retry-After seconds', fixtureResponse('error-429-rate-limit'), { code: 'rate-limited', status: 429, retryAfterMs: 20_000 }, /^Rate limit reached/],
    ['429 with Retry-After as a date', errorResponse(429, 'Slow down', { headers: { 'Retry-After': dateIn30s } }), { code: 'rate-limited', retryAfterMs: 30_000 }, /^Slow down$/],
    ['429 with only x-ratelimit-reset', errorResponse(429, 'Slow down', { headers: { 'x-ratelimit-remaining-tokens': '0', 'x-ratelimit-reset-tokens': '1m30s' } }), { code: 'rate-limited', retryAfterMs: 90_000 }, /Slow down/],
    ['500', errorResponse(500, 'The server had an error', { type: 'server_error' }), { code: 'server-error', status: 500 }, /^The server had an error$/],
    ['503 (a proxy page)', { status: 503, headers: { 'Content-Type': 'text/html' }, steps: [{ data: '<html><body><h1>503 Service Unavailable</h1></body></html>' }] }, { code: 'server-error', status: 503 }, /^503 Service Unavailable$/],
    ['500 with an empty body', { status: 500, headers: { 'Content-Type': 'text/plain' }, steps: [] }, { code: 'server-error', status: 500 }, /^HTTP 500 Internal Server Error$/],
  ])('%s', async (_, response, expected, message) => {
    server.setScript(response as never);
    const { deltas, error } = await collect(model({ now: () => NOW }));
    expect(deltas).toEqual([]);
    expect(error).toBeInstanceOf(OpenAiModelError);
    expect(error).toMatchObject(expected);
    expect((error as Error).message).toMatch(message);
    expect(chatRequests()).toHaveLength(1);
  });

  it('a base URL without /v1 is a 404 that names no model: the endpoint is wrong', async () => {
    const { error } = await collect(model({}, { baseUrl: server.origin }));
    expect(error).toMatchObject({ code: 'model-not-found', status: 404, reason: 'endpoint-not-found' });
  });

  it('a web page instead of a stream is malformed', async () => {
    server.setScript(fixtureResponse('html-page'));
    const { error } = await collect(model());
    expect(error).toMatchObject({ code: 'malformed-stream', reason: 'not-event-stream' });
  });
});

describe('failures during the stream keep what arrived', () => {
  it('a mid-stream disconnect delivers the text, then reports the broken connection', async () => {
    server.setScript(textStream(['The first', ' part', ' and more'], { disconnectAfter: 3 }));
    const { outcome } = await collect(model());
    expect(outcome).toMatchObject({ text: 'The first part', errorCode: 'stream-interrupted', errorReason: 'connection-lost' });
    expect(chatRequests()[0]!.response.disconnected).toBe(true);
  });

  it('an error object in the stream fails the reply after its text, though [DONE] follows', async () => {
    server.setScript(fixtureResponse('midstream-error-openai'));
    const { outcome } = await collect(model());
    expect(outcome).toMatchObject({
      text: 'The first part of the answer',
      errorCode: 'server-error',
      errorMessage: 'The server had an error while processing your request. Sorry about that!',
    });
  });

  it('in the store: the reply keeps its text with status error and the code', async () => {
    server.setScript(textStream(['Kept', ' text', ' lost'], { disconnectAfter: 3, delayMs: 5 }));
    const { message, failure } = await generate(model());
    expect(message).toMatchObject({ status: 'error', content: 'Kept text', errorCode: 'stream-interrupted' });
    expect(failure).toMatchObject({ code: 'stream-interrupted' });
  });
});

/** Runs the store's real generation loop over the model; resolves with the final message. */
function generate(m: OpenAiModel, onFirstDelta?: (stop: () => void) => void) {
  const empty: Message = { id: 'reply', chatId: 'chat', parentId: 'q', role: 'assistant', content: '', status: 'streaming', createdAt: NOW };
  let failure: unknown;
  let first = true;
  const generation = startGeneration({
    model: m,
    request: { model: 'test-model', messages },
    message: empty,
    now: () => Date.now(),
    onUpdate(message) {
      if (first && message.content) {
        first = false;
        onFirstDelta?.(() => generation.stop());
      }
    },
    save: async () => {},
    onFinish(_, f) {
      failure = f;
    },
  });
  return generation.done.then((message) => ({ message, failure }));
}

describe('stopping', () => {
  it('an abort during the stream ends it quietly and closes the connection', async () => {
    server.setScript(textStream(['a', 'b', 'c', 'd', 'e'], { delayMs: 40 }));
    const controller = new AbortController();
    const m = model();
    const seen: string[] = [];
    for await (const delta of m.stream({ messages, signal: controller.signal })) {
      if (delta.type === 'content') {
        seen.push(delta.text);
        controller.abort();
      }
    }
    expect(seen).toEqual(['a']);
    await expect.poll(() => chatRequests()[0]!.response.clientAborted).toBe(true);
    expect(chatRequests()[0]!.response.completed).toBe(false);
  });

  it('an abort before the response arrives ends quietly', async () => {
    server.setScript({ ...textStream('late'), delayMs: 200 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const { deltas, error } = await collect(model(), controller.signal);
    expect({ deltas, error }).toEqual({ deltas: [], error: undefined });
  });

  it('in the store: Stop keeps the text with status stopped', async () => {
    server.setScript(textStream(['First', ' second', ' third'], { delayMs: 40 }));
    const { message, failure } = await generate(model(), (stop) => stop());
    expect(message).toMatchObject({ status: 'stopped', content: 'First' });
    expect(failure).toBeUndefined();
  });
});

describe('unreachable servers', () => {
  const closedPort = async () => {
    const s = await startOpenAiServer();
    await s.close();
    return s.url;
  };

  it('a server that is down: the probe cannot reach it either', async () => {
    const baseUrl = await closedPort();
    const m = createOpenAiModel({ baseUrl });
    const { error } = await collect(m);
    expect(error).toMatchObject({ code: 'unreachable', reason: 'down', url: `${baseUrl}/chat/completions` });
  });

  it('up but the request refused (as CORS does in a browser): the no-cors probe gets through', async () => {
    server.setScript({ hangUp: true });
    const m = createOpenAiModel({ baseUrl: server.url });
    expect((await collect(m)).error).toMatchObject({ code: 'unreachable', reason: 'cors' });
    // The probe is a plain GET of the same address, which this server answers.
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'GET']);
  });

  it('the probe says whether anything answers', async () => {
    const probe = noCorsProbe((input, init) => fetch(input, init));
    expect(await probe(`${server.url}/models`)).toBe(true);
    expect(await probe(`${await closedPort()}/models`)).toBe(false);
  });

  it('no probe: CORS or down, the browser does not say', async () => {
    expect((await collect(model({}, { baseUrl: await closedPort() }))).error).toMatchObject({ code: 'unreachable', reason: 'cors-or-down' });
  });

  it('mixed content is recognised before any request', async () => {
    const m = createOpenAiModel({ baseUrl: 'http://192.168.1.20:11434/v1' }, { pageUrl: 'https://parley.example/', probe: null });
    expect((await collect(m)).error).toMatchObject({ code: 'unreachable', reason: 'mixed-content', url: 'http://192.168.1.20:11434/v1/chat/completions' });
  });

  it('a base URL that is not http(s)', async () => {
    expect((await collect(model({}, { baseUrl: 'localhost:11434' }))).error).toMatchObject({ code: 'unreachable', reason: 'invalid-url' });
  });
});

describe('titles', () => {
  it('asks a small non-streamed question and returns the bare title', async () => {
    server.setScript(reply('"Greeting A Friend"'));
    const title = await model().title({ model: 'test-model', messages: [...messages, { role: 'assistant', content: 'Hello!' }], signal: new AbortController().signal });
    expect(title).toBe('Greeting A Friend');
    const body = chatRequests()[0]!.body;
    expect(body).toMatchObject({ model: 'test-model', stream: false, max_tokens: TITLE_MAX_TOKENS });
    expect(body).not.toHaveProperty('stream_options');
    expect(body.messages).toEqual([
      { role: 'system', content: TITLE_INSTRUCTION },
      { role: 'user', content: 'User: Hi there\n\nAssistant: Hello!' },
    ]);
  });

  it('leaves out the reasoning of a thinking model', async () => {
    server.setScript(reply('<think>They greet me.</think>\n\nFriendly Greeting'));
    expect(await model().title({ messages, signal: new AbortController().signal })).toBe('Friendly Greeting');
  });

  it('rejects when the server fails (the caller keeps its automatic title)', async () => {
    server.setScript(errorResponse(500, 'down'));
    await expect(model().title({ messages, signal: new AbortController().signal })).rejects.toMatchObject({ code: 'server-error' });
  });
});

describe('listing models (Test connection)', () => {
  it('GETs {base}/models with the key and returns the ids sorted', async () => {
    server.setModels(['qwen3:8b', 'llama3.2:latest', 'Gemma3']);
    expect(await listModels({ baseUrl: server.url, apiKey: 'sk-x' }, { probe: null })).toEqual(['Gemma3', 'llama3.2:latest', 'qwen3:8b']);
    expect(server.requests[0]).toMatchObject({ method: 'GET', path: '/v1/models', headers: { authorization: 'Bearer sk-x' } });
  });

  it('keeps each entry’s context length and picture support, as each server says them', async () => {
    server.setModels([
      { id: 'llama.cpp', owned_by: 'llamacpp', meta: { n_ctx_train: 131072, n_params: 8e9 } },
      { id: 'openrouter/vl', context_length: 32768, architecture: { input_modalities: ['text', 'image'] } },
      { id: 'lmstudio', type: 'llm', max_context_length: 8192 },
      { id: 'vllm', max_model_len: 16384 },
      'openai-silent',
    ]);
    expect(await listModelCatalog({ baseUrl: server.url }, { probe: null })).toEqual({
      ids: ['llama.cpp', 'lmstudio', 'openai-silent', 'openrouter/vl', 'vllm'],
      contexts: { 'llama.cpp': 131072, 'openrouter/vl': 32768, lmstudio: 8192, vllm: 16384 },
      vision: { 'openrouter/vl': true, lmstudio: false },
      firstChat: 'llama.cpp',
    });
  });

  it('lists the models that only make embeddings after the others, marked, and never starts a connection on one', async () => {
    server.setModels([
      { id: 'text-embedding-nomic-embed-text-v1.5', type: 'embeddings' },
      { id: 'a-lmstudio-llm', type: 'llm' },
      { id: 'all-minilm:latest', capabilities: ['embedding'] },
      { id: 'bge-m3:latest' },
      { id: 'embeddinggemma-chat', capabilities: ['completion', 'tools'] },
      'mxbai-embed-large',
      'qwen3:8b',
    ]);
    const catalog = await listModelCatalog({ baseUrl: server.url }, { probe: null });
    expect(catalog.ids).toEqual(['a-lmstudio-llm', 'embeddinggemma-chat', 'qwen3:8b', 'all-minilm:latest', 'bge-m3:latest', 'mxbai-embed-large', 'text-embedding-nomic-embed-text-v1.5']);
    expect(catalog.embedding).toEqual({ 'text-embedding-nomic-embed-text-v1.5': true, 'all-minilm:latest': true, 'bge-m3:latest': true, 'mxbai-embed-large': true });
    expect(catalog.firstChat).toBe('a-lmstudio-llm');
    expect(catalog.contexts).toBeUndefined();

    server.setModels(['nomic-embed-text:latest', 'bge-large']);
    const onlyEmbedding = await listModelCatalog({ baseUrl: server.url }, { probe: null });
    expect(onlyEmbedding.firstChat).toBeUndefined();
  });

  it('starts a new connection on the first chat model in the server’s own order, not the first by name', async () => {
    // LM Studio lists an embedding model it ships with first; Ollama lists the latest pulled first.
    server.setModels([{ id: 'text-embedding-nomic-embed-text-v1.5', type: 'embeddings' }, 'qwen3:8b', 'gemma3:4b', 'llama3.2']);
    const catalog = await listModelCatalog({ baseUrl: server.url }, { probe: null });
    expect(catalog.ids).toEqual(['gemma3:4b', 'llama3.2', 'qwen3:8b', 'text-embedding-nomic-embed-text-v1.5']);
    expect(catalog.firstChat).toBe('qwen3:8b');
  });

  it('reads the Ollama shape', async () => {
    server.setModels({ status: 200, json: { models: [{ name: 'b:latest', model: 'b:latest' }, { name: 'a:7b' }] } });
    expect(await listModels({ baseUrl: server.url })).toEqual(['a:7b', 'b:latest']);
  });

  it.each([
    ['a rejected key', errorResponse(401, 'Invalid API Key'), { code: 'unauthorized', status: 401, message: 'Invalid API Key' }],
    ['a web page', { status: 200, headers: { 'Content-Type': 'text/html' }, steps: [{ data: '<!doctype html><p>UI</p>' }] }, { code: 'model-not-found', reason: 'endpoint-not-found' }],
  ])('%s', async (_, response, expected) => {
    server.setModels(response as never);
    await expect(listModels({ baseUrl: server.url }, { probe: null })).rejects.toMatchObject(expected);
  });

  it('a base URL without /v1 is the wrong endpoint', async () => {
    await expect(listModels({ baseUrl: server.origin }, { probe: null })).rejects.toMatchObject({ code: 'model-not-found', reason: 'endpoint-not-found', status: 404 });
  });

  it('a server that is down', async () => {
    const s = await startOpenAiServer();
    await s.close();
    await expect(listModels({ baseUrl: s.url })).rejects.toMatchObject({ code: 'unreachable', reason: 'down' });
  });
});

/** The origin the fixtures' expected messages assume (the address fixtures.test.ts reads them from). */
const FIXTURES_ORIGIN = 'http://127.0.0.1:1';

it('every fixture gives the same result through the real server', async () => {
  const { loadFixtures, OWN_FIXTURES_DIR } = await import('../../support/openai-server/fixtures.mjs');
  const { expectedOutcome } = await import('./stream-harness');
  for (const fixture of [...loadFixtures(), ...loadFixtures(OWN_FIXTURES_DIR)]) {
    const everyByte = Array.from({ length: fixture.bytes.length }, (_, i) => i);
    for (const [label, split] of [['suggested cuts', undefined], ['whole', []], ['a write per byte', everyByte]] as const) {
      server.setScript(fixtureResponse(fixture, { split }));
      const { outcome } = await collect(model({ now: () => NOW, maxEventChars: fixture.max_event_chars }));
      const expected = expectedOutcome(fixture);
      // An error that names the address to use names this server's, not the one the fixtures were written for.
      if (expected.errorMessage !== undefined) expected.errorMessage = expected.errorMessage.replace(FIXTURES_ORIGIN, server.origin);
      expect(outcome as Partial<Outcome>, `${fixture.name}: ${label}`).toMatchObject(expected);
    }
  }
});
