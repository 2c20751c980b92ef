// @vitest-environment node
// Issue 38: pacing per connection, through a real chat store, the real routing and client, and the
// real test server. A compare's three replies to a one-slot server come one after another (no
// 503, no overlap in the server's record), a cloud API's all at once; a reply stopped while it
// waits its turn never reaches the server and leaves no place taken; llama.cpp's /props says the slots.
import { afterEach, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ChatStore } from '../../../src/chat';
import { createConnectionsModel, type Connection, type ConnectionKind } from '../../../src/chat/connections';
import { concurrencyOf, UNLIMITED } from '../../../src/chat/connections/connection-pacing';
import { createModelPreferences } from '../../../src/chat/connections/model-preferences';
import { errorResponse, startOpenAiServer, textStream, type OpenAiServer, type OpenAiServerOptions, type RecordedRequest } from '../../support/openai-server/index.mjs';
import { disposeStores, idle, makeStore, messagesOf } from '../store-harness';
import { makeConnectionsStore } from './connections-harness';

const servers: OpenAiServer[] = [];
afterEach(async () => {
  disposeStores();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const MODELS = ['alpha', 'beta', 'gamma'];

/** A chat store whose model is the app's routing, with one connection of `kind` to a new test server. */
async function setup(serverOptions: OpenAiServerOptions, kind: ConnectionKind, extra: Partial<Connection> = {}, titles = false) {
  const server = await startOpenAiServer({ models: MODELS, ...serverOptions });
  servers.push(server);
  const connections = makeConnectionsStore();
  await connections.store.init();
  const added = connections.store.add({ name: 'Test', kind, baseUrl: server.url, ...extra });
  if (!added.ok) throw new Error('not added');
  const preferences = createModelPreferences({ load: async () => undefined, save: async () => {} });
  await preferences.init();
  preferences.setTitleSettings({ generate: titles });
  const model = createConnectionsModel(connections.store, { preferences });
  const { store } = makeStore({ model });
  const refs = MODELS.map((id) => `${added.connection.id}/${id}`);
  return { server, store, refs, connection: added.connection };
}

/** How many times /props was asked so far (chatWithHistory forgets the requests). */
let propsAsked = 0;

/** A chat with one user message answered by the first model; the server's record starts empty after it. */
async function chatWithHistory(store: ChatStore, server: OpenAiServer, ref: string): Promise<string> {
  const { chatId } = await store.createChat({ text: 'Hi', model: ref });
  expect(store.takePendingReply(chatId)).toBe(true);
  await idle(store);
  propsAsked = server.requests.filter((r) => r.path === '/props').length;
  server.requests.length = 0;
  server.concurrency.spans.length = 0;
  return chatId;
}

const generating = (server: OpenAiServer): RecordedRequest[] => server.requests.filter((r) => r.method === 'POST' && r.path === '/v1/chat/completions');
const replies = (store: ChatStore, chatId: string, parentId: string) => messagesOf(store, chatId).filter((m) => m.parentId === parentId);

/** A stream whose second chunk waits until `target` requests have arrived (or a second has passed), so requests that may overlap do. */
function heldUntil(count: () => number, target: number) {
  return (request: RecordedRequest) => {
    const arrived = (async () => {
      const until = performance.now() + 1000;
      while (count() < target && performance.now() < until) await sleep(10);
    })();
    const [first, ...rest] = textStream(`Answer from ${request.body.model}`, { chunkSize: 4 }).steps as { data: string }[];
    return { status: 200, steps: [first!, { ...rest[0]!, until: arrived }, ...rest.slice(1)] };
  };
}

describe('how many requests a connection takes at once', () => {
  const connection = (kind: ConnectionKind, baseUrl: string, extra: Partial<Connection> = {}): Connection => ({ id: 'c', name: 'C', kind, baseUrl, ...extra });
  it.each([
    ['a local llama.cpp server that reported 4 slots', connection('llamacpp', 'http://localhost:8080/v1'), 4, 4],
    ['a local server that did not say', connection('ollama', 'http://127.0.0.1:11434/v1'), undefined, 1],
    ['a server on the local network', connection('custom', 'http://192.168.1.20:8000/v1'), undefined, 1],
    ['an mDNS name', connection('lmstudio', 'http://studio.local:1234/v1'), undefined, 1],
    ['a cloud API', connection('openai', 'https://api.openai.com/v1'), undefined, UNLIMITED],
    ['a cloud kind behind a local proxy', connection('openrouter', 'http://localhost:4000/v1'), undefined, UNLIMITED],
    ['a server elsewhere on the internet', connection('custom', 'https://llm.example.com/v1'), undefined, UNLIMITED],
    ['what the user set, over the slots', connection('llamacpp', 'http://localhost:8080/v1', { maxConcurrent: 2 }), 4, 2],
    ['what the user set, for a cloud API', connection('openai', 'https://api.openai.com/v1', { maxConcurrent: 3 }), undefined, 3],
    ['a stored value that is no limit (automatic)', connection('custom', 'http://localhost:8000/v1', { maxConcurrent: 0.5 }), undefined, 1],
  ])('%s', (_, given, slots, expected) => {
    expect(concurrencyOf(given, slots)).toBe(expected);
  });
});

describe('pacing through the routing (issue 38)', () => {
  it('a compare on a one-slot local server: the three replies come one after another, none refused, the title after them', async () => {
    // /props is not answered (not llama.cpp, or an old one): a local server takes one at a time.
    const { server, store, refs } = await setup({ slots: 1, serverRoutes: { 'GET /props': errorResponse(404, 'Not found') } }, 'custom', {}, true);
    // Slow enough that requests sent at once would overlap.
    server.setScript((request) => textStream(`Answer from ${request.body.model}`, { chunkSize: 4, delayMs: 5 }));
    const { chatId } = await store.createChat({ text: 'Hi', model: refs[0] });
    const hi = messagesOf(store, chatId)[0]!;
    // The first message itself compared: its replies and the chat's title all go to the one slot.
    await store.sendMessage(chatId, 'Which is best?', { models: refs });
    await idle(store);
    await expect.poll(() => server.concurrency.spans.length, { timeout: 3000 }).toBe(4);
    await expect.poll(() => server.concurrency.active).toBe(0);
    const question = messagesOf(store, chatId).find((m) => m.content === 'Which is best?')!;
    expect(question.parentId).toBe(hi.id);
    expect(replies(store, chatId, question.id).map((m) => [m.model, m.status, m.content])).toEqual(refs.map((ref, i) => [ref, 'complete', `Answer from ${MODELS[i]}`]));
    expect(server.concurrency.rejected).toBe(0);
    expect(server.concurrency.peak).toBe(1);
    const spans = server.concurrency.spans;
    for (let i = 1; i < spans.length; i++) expect(spans[i]!.startedAt).toBeGreaterThanOrEqual(spans[i - 1]!.endedAt!);
    // In the order asked, the title (not streamed) last.
    expect(spans.map((s) => s.model)).toEqual([...MODELS, 'alpha']);
    expect(generating(server).at(-1)!.body.stream).toBeFalsy();
  });

  it('a cloud API gets the three at once', async () => {
    const { server, store, refs } = await setup({}, 'openai');
    const chatId = await chatWithHistory(store, server, refs[0]!);
    server.setScript(heldUntil(() => generating(server).length, 3));
    const question = await store.sendMessage(chatId, 'Which is best?', { models: refs });
    await idle(store);
    expect(replies(store, chatId, question!).map((m) => m.status)).toEqual(['complete', 'complete', 'complete']);
    expect(server.concurrency.peak).toBe(3);
    // Not llama.cpp by kind, and not a local custom server: nothing asked of /props.
    expect(propsAsked).toBe(0);
  });

  it('each compared request is the same but for its model', async () => {
    const { server, store, refs } = await setup({}, 'openai');
    const chatId = await chatWithHistory(store, server, refs[0]!);
    await store.updateChatSettings(chatId, { systemPrompt: 'Be brief.', temperature: 0.4, maxTokens: 300 });
    await store.sendMessage(chatId, 'Which is best?', { models: refs });
    await idle(store);
    const bodies = generating(server).map((r) => r.body as Record<string, unknown>);
    expect(bodies.map((b) => b.model)).toEqual(MODELS);
    const { model: _m, ...first } = bodies[0]!;
    expect(first).toMatchObject({ temperature: 0.4, max_tokens: 300 });
    expect(first.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'You said: Hi' },
      { role: 'user', content: 'Which is best?' },
    ]);
    for (const body of bodies.slice(1)) expect({ ...body, model: undefined }).toEqual({ ...first, model: undefined });
  });

  it('replies stopped while they wait their turn never reach the server, and leave the slot free', async () => {
    const { server, store, refs } = await setup({ slots: 1, serverRoutes: { 'GET /props': errorResponse(404, 'Not found') } }, 'custom');
    const chatId = await chatWithHistory(store, server, refs[0]!);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const [first, ...rest] = textStream('Slow answer', { chunkSize: 4 }).steps as { data: string }[];
    server.enqueue({ status: 200, steps: [first!, { ...rest[0]!, until: held }, ...rest.slice(1)] });
    const question = await store.sendMessage(chatId, 'Which is best?', { models: refs });
    await expect.poll(() => generating(server).length).toBe(1);
    store.stopChat(chatId);
    release();
    await idle(store);
    expect(replies(store, chatId, question!).map((m) => [m.model, m.status])).toEqual(refs.map((ref) => [ref, 'stopped']));
    await expect.poll(() => server.concurrency.active).toBe(0);
    await sleep(50);
    expect(generating(server)).toHaveLength(1);
    // No place was left taken by the stopped waiters: the next message is answered.
    await store.sendMessage(chatId, 'Again', { models: refs.slice(0, 1) });
    await idle(store);
    // (The stopped replies are empty, so the request carries both questions as one user turn.)
    expect(messagesOf(store, chatId).at(-1)).toMatchObject({ status: 'complete', content: expect.stringMatching(/Again$/) });
    expect(server.concurrency.rejected).toBe(0);
  }, 10_000);

  it('reads a llama.cpp server’s slots from /props once, and sends that many at once', async () => {
    const { server, store, refs } = await setup({ slots: 2 }, 'llamacpp');
    const chatId = await chatWithHistory(store, server, refs[0]!);
    expect(propsAsked).toBe(1);
    server.setScript(heldUntil(() => generating(server).length, 2));
    const question = await store.sendMessage(chatId, 'Which is best?', { models: refs });
    await idle(store);
    expect(replies(store, chatId, question!).map((m) => m.status)).toEqual(['complete', 'complete', 'complete']);
    expect(server.concurrency.peak).toBe(2);
    expect(server.concurrency.rejected).toBe(0);
    await store.sendMessage(chatId, 'More', { models: refs });
    await idle(store);
    expect(server.requests.filter((r) => r.path === '/props')).toHaveLength(0);
  });
});
