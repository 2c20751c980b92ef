import { describe, expect, it } from 'vitest';
import { ChatModelError, type ChatDelta, type ChatModel, type ChatModelRequest } from '../../../src/chat';
import { createConnectionsModel, isConnectionsModel, type Connection } from '../../../src/chat/connections';
import { createModelPreferences } from '../../../src/chat/connections/model-preferences';
import type { OpenAiConnection } from '../../../src/chat/wire';
import { makeConnectionsStore } from './connections-harness';

/** The seam: a fake client per connection that records what it was asked and answers with its address. */
function recordingFactory() {
  const created: OpenAiConnection[] = [];
  const streamed: { baseUrl: string; request: ChatModelRequest }[] = [];
  const titled: { baseUrl: string; request: ChatModelRequest }[] = [];
  const createModel = (connection: OpenAiConnection): ChatModel => {
    created.push(connection);
    return {
      async *stream(request) {
        streamed.push({ baseUrl: connection.baseUrl, request });
        yield { type: 'content', text: `from ${connection.baseUrl}` } satisfies ChatDelta;
      },
      async title(request) {
        titled.push({ baseUrl: connection.baseUrl, request });
        return 'A title';
      },
    };
  };
  return { created, streamed, titled, createModel };
}

async function collect(stream: AsyncIterable<ChatDelta>): Promise<ChatDelta[]> {
  const deltas: ChatDelta[] = [];
  for await (const delta of stream) deltas.push(delta);
  return deltas;
}

const request = (model?: string, extra: Partial<ChatModelRequest> = {}): ChatModelRequest => ({
  model,
  messages: [{ role: 'user', content: 'Hi' }],
  signal: new AbortController().signal,
  ...extra,
});

async function setup() {
  const harness = makeConnectionsStore();
  await harness.store.init();
  const add = (name: string, baseUrl: string): Connection => {
    const result = harness.store.add({ name, kind: 'custom', baseUrl });
    if (!result.ok) throw new Error('not added');
    return result.connection;
  };
  const a = add('A', 'http://a/v1');
  const b = add('B', 'http://b/v1');
  const factory = recordingFactory();
  const model = createConnectionsModel(harness.store, { createModel: factory.createModel });
  return { ...harness, a, b, factory, model };
}

describe('the routing model', () => {
  it('sends each request to the connection its reference names, with the bare model id and the sampling settings', async () => {
    const { a, b, factory, model } = await setup();
    expect(await collect(model.stream(request(`${b.id}/org/model-x`, { temperature: 0.3, maxTokens: 200 })))).toEqual([
      { type: 'content', text: 'from http://b/v1' },
    ]);
    await collect(model.stream(request(`${a.id}/llama3.2:3b`)));
    expect(factory.streamed.map((s) => [s.baseUrl, s.request.model, s.request.temperature, s.request.maxTokens])).toEqual([
      ['http://b/v1', 'org/model-x', 0.3, 200],
      ['http://a/v1', 'llama3.2:3b', undefined, undefined],
    ]);
    expect(factory.streamed[0]!.request.messages).toEqual([{ role: 'user', content: 'Hi' }]);
  });

  it('uses the default model for a request without one', async () => {
    const { store, b, factory, model } = await setup();
    store.setDefaultModel(`${b.id}/qwen3`);
    await collect(model.stream(request(undefined)));
    expect(factory.streamed[0]).toMatchObject({ baseUrl: 'http://b/v1', request: { model: 'qwen3' } });
  });

  it('sends a bare model id (a chat from before connections) to the default model’s server', async () => {
    const { store, a, factory, model } = await setup();
    store.setDefaultModel(`${a.id}/other`);
    await collect(model.stream(request('llama-3.1-8b')));
    expect(factory.streamed[0]).toMatchObject({ baseUrl: 'http://a/v1', request: { model: 'llama-3.1-8b' } });
  });

  it('keeps one client per connection, and rebuilds it when the address, key or headers change (not the name)', async () => {
    const { store, a, b, factory, model } = await setup();
    await collect(model.stream(request(`${a.id}/m`)));
    await collect(model.stream(request(`${a.id}/m`)));
    await collect(model.stream(request(`${b.id}/m`)));
    expect(factory.created.map((c) => c.baseUrl)).toEqual(['http://a/v1', 'http://b/v1']);
    store.update(a.id, { name: 'Renamed' });
    await collect(model.stream(request(`${a.id}/m`)));
    expect(factory.created).toHaveLength(2);
    store.update(a.id, { apiKey: 'secret' });
    await collect(model.stream(request(`${a.id}/m`)));
    expect(factory.created).toHaveLength(3);
    expect(factory.created[2]).toEqual({ baseUrl: 'http://a/v1', apiKey: 'secret' });
  });

  it.each([
    ['no connection', 'no-connection'],
    ['no model chosen', 'no-model-chosen'],
    ['a removed connection', 'connection-removed'],
  ])('fails with no-model for %s', async (situation, reason) => {
    const { store, a, b, model } = await setup();
    let ref: string | undefined;
    if (situation === 'no connection') {
      store.remove(a.id);
      store.remove(b.id);
      ref = 'x/y';
    } else if (situation === 'a removed connection') {
      ref = `${a.id}/m`;
      store.remove(a.id);
    }
    const error = await collect(model.stream(request(ref))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatModelError);
    expect(error).toMatchObject({ code: 'no-model', reason });
  });

  it('titles go the same way', async () => {
    const { a, factory, model } = await setup();
    expect(await model.title(request(`${a.id}/m`))).toBe('A title');
    expect(factory.titled[0]).toMatchObject({ baseUrl: 'http://a/v1', request: { model: 'm' } });
  });

  it('titles: none asked when turned off; the title model when its connection exists, else the chat’s own', async () => {
    const { a, b, factory, store } = await setup();
    const preferences = createModelPreferences({ load: async () => undefined, save: async () => {} });
    const model = createConnectionsModel(store, { createModel: factory.createModel, preferences });
    preferences.setTitleSettings({ generate: false });
    await expect(model.title(request(`${a.id}/m`))).rejects.toMatchObject({ reason: 'titles-off' });
    expect(factory.titled).toEqual([]);
    preferences.setTitleSettings({ generate: true, model: `${b.id}/small` });
    await model.title(request(`${a.id}/m`));
    expect(factory.titled.at(-1)).toMatchObject({ baseUrl: 'http://b/v1', request: { model: 'small' } });
    store.remove(b.id);
    await model.title(request(`${a.id}/m`));
    expect(factory.titled.at(-1)).toMatchObject({ baseUrl: 'http://a/v1', request: { model: 'm' } });
  });

  it('waits for the stored connections before routing', async () => {
    const harness = makeConnectionsStore({ connections: [{ id: 'c1', name: 'A', kind: 'custom', baseUrl: 'http://a/v1' }] });
    const factory = recordingFactory();
    const model = createConnectionsModel(harness.store, { createModel: factory.createModel });
    await collect(model.stream(request('c1/m')));
    expect(factory.streamed[0]).toMatchObject({ baseUrl: 'http://a/v1', request: { model: 'm' } });
  });

  it('is recognisable as the routing model', async () => {
    const { model } = await setup();
    expect(isConnectionsModel(model)).toBe(true);
    expect(isConnectionsModel({ stream: async function* () {} })).toBe(false);
    expect(isConnectionsModel(null)).toBe(false);
  });
});
