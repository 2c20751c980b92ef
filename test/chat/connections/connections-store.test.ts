import { describe, expect, it } from 'vitest';
import { ChatModelError } from '../../../src/chat';
import { CONNECTIONS_KEY, contextLengthOfModel, DEFAULT_MODEL_KEY, modelAcceptsImages, modelReadiness, uniqueConnectionName } from '../../../src/chat/connections';
import { OpenAiModelError } from '../../../src/chat/wire';
import { flushPromises, makeConnectionsStore } from './connections-harness';

const ollama = { name: 'Ollama', kind: 'ollama', baseUrl: 'http://localhost:11434/v1/' } as const;
const openai = { name: 'OpenAI', kind: 'openai', baseUrl: 'https://api.openai.com/v1', apiKey: ' sk-1 ' } as const;

describe('connections store: stored settings', () => {
  it('starts loading, then reads the stored connections and default model', async () => {
    const { store } = makeConnectionsStore({
      [CONNECTIONS_KEY]: [{ id: 'c1', name: 'Box', kind: 'llamacpp', baseUrl: 'http://box:8080/v1' }, { id: 'bad/id', baseUrl: 'http://x' }],
      [DEFAULT_MODEL_KEY]: 'c1/qwen',
    });
    expect(store.getSnapshot().status).toBe('loading');
    expect(modelReadiness(store.getSnapshot())).toBe('loading');
    await store.init();
    const snapshot = store.getSnapshot();
    expect(snapshot.status).toBe('ready');
    expect(snapshot.connections.map((c) => c.id)).toEqual(['c1']);
    expect(snapshot.defaultModel).toBe('c1/qwen');
    expect(modelReadiness(snapshot)).toBe('ready');
  });

  it('is ready with nothing stored, and says there is no connection', async () => {
    const { store } = makeConnectionsStore();
    await store.init();
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', connections: [], defaultModel: undefined });
    expect(modelReadiness(store.getSnapshot())).toBe('no-connection');
  });

  it('starts empty when the settings cannot be read', async () => {
    const { store } = makeConnectionsStore({}, { load: () => Promise.reject(new Error('broken')) });
    await store.init();
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', connections: [] });
  });

  it('keeps a connection added before the stored ones arrived, after them', async () => {
    const { store, settings } = makeConnectionsStore({ [CONNECTIONS_KEY]: [{ id: 'c1', name: 'Box', kind: 'custom', baseUrl: 'http://box/v1' }] });
    const added = store.add(ollama);
    await store.init();
    await store.flush();
    expect(store.getSnapshot().connections.map((c) => c.name)).toEqual(['Box', 'Ollama']);
    expect((settings.get(CONNECTIONS_KEY) as { name: string }[]).map((c) => c.name)).toEqual(['Box', 'Ollama']);
    expect(added.ok).toBe(true);
  });

  it('persists add, update and remove through save, and a new store reads them back', async () => {
    const { store, settings } = makeConnectionsStore();
    await store.init();
    const added = store.add(ollama);
    if (!added.ok) throw new Error('not added');
    expect(added.connection).toMatchObject({ name: 'Ollama', kind: 'ollama', baseUrl: 'http://localhost:11434/v1' });
    expect(added.connection.id).not.toContain('/');
    const second = store.add(openai);
    if (!second.ok) throw new Error('not added');
    expect(second.connection.apiKey).toBe('sk-1');
    store.update(added.connection.id, { name: 'Desk', headers: { 'X-Title': 'Parley' } });
    store.remove(second.connection.id);
    store.setDefaultModel(`${added.connection.id}/llama3`);
    await store.flush();
    expect(settings.get(CONNECTIONS_KEY)).toEqual([
      { id: added.connection.id, name: 'Desk', kind: 'ollama', baseUrl: 'http://localhost:11434/v1', headers: { 'X-Title': 'Parley' } },
    ]);
    expect(settings.get(DEFAULT_MODEL_KEY)).toBe(`${added.connection.id}/llama3`);

    const reopened = makeConnectionsStore(Object.fromEntries(settings)).store;
    await reopened.init();
    expect(reopened.getSnapshot().connections).toEqual(store.getSnapshot().connections);
    expect(reopened.getSnapshot().defaultModel).toBe(`${added.connection.id}/llama3`);
  });
});

describe('connections store: validation', () => {
  it('refuses a malformed address with a reason, and changes nothing', async () => {
    const { store, saves } = makeConnectionsStore();
    await store.init();
    expect(store.add({ ...ollama, baseUrl: 'ftp://x' })).toEqual({ ok: false, error: 'protocol' });
    expect(store.getSnapshot().connections).toEqual([]);
    const added = store.add(ollama);
    if (!added.ok) throw new Error('not added');
    expect(store.update(added.connection.id, { baseUrl: 'http://' })).toEqual({ ok: false, error: 'malformed' });
    expect(store.getSnapshot().connections[0]!.baseUrl).toBe('http://localhost:11434/v1');
    expect(store.update('missing', { name: 'x' })).toEqual({ ok: false, error: 'not-found' });
    await store.flush();
    expect(saves).toHaveLength(1);
  });

  it('removes the key and headers when the patch clears them; an empty name falls back to the kind', async () => {
    const { store } = makeConnectionsStore();
    await store.init();
    const added = store.add({ ...openai, headers: { A: 'b' } });
    if (!added.ok) throw new Error('not added');
    const updated = store.update(added.connection.id, { apiKey: undefined, headers: undefined, name: '  ' });
    expect(updated.ok && updated.connection).toEqual({ id: added.connection.id, name: 'OpenAI', kind: 'openai', baseUrl: 'https://api.openai.com/v1' });
  });

  it('names duplicates "Ollama 2", "Ollama 3"', () => {
    expect(uniqueConnectionName('Ollama', [])).toBe('Ollama');
    expect(uniqueConnectionName('Ollama', [{ name: 'Ollama' }, { name: 'Ollama 2' }])).toBe('Ollama 3');
  });
});

describe('connections store: model lists', () => {
  async function withConnection() {
    const harness = makeConnectionsStore();
    await harness.store.init();
    const added = harness.store.add({ ...ollama, apiKey: 'k', headers: { 'X-A': '1' } });
    if (!added.ok) throw new Error('not added');
    return { ...harness, id: added.connection.id };
  }

  it('goes idle → loading → ready, asks with the connection, and picks the first model as the default', async () => {
    const { store, calls, id, answer } = await withConnection();
    expect(store.getSnapshot().models[id]).toBeUndefined();
    const done = store.refreshModels(id);
    expect(store.getSnapshot().models[id]).toEqual({ status: 'loading', ids: [] });
    expect(calls[0]!.connection).toEqual({ baseUrl: 'http://localhost:11434/v1', apiKey: 'k', headers: { 'X-A': '1' } });
    await answer(['llama3.2', 'qwen3']);
    expect(await done).toEqual({ status: 'ready', ids: ['llama3.2', 'qwen3'], loadedAt: 1000 });
    expect(store.getSnapshot().models[id]).toEqual({ status: 'ready', ids: ['llama3.2', 'qwen3'], loadedAt: 1000 });
    expect(store.getSnapshot().defaultModel).toBe(`${id}/llama3.2`);
  });

  it('asks once while a refresh is running, and keeps the old list while reloading', async () => {
    const { store, calls, id, answer } = await withConnection();
    const first = store.refreshModels(id);
    const again = store.refreshModels(id);
    expect(again).toBe(first);
    expect(calls).toHaveLength(1);
    await answer(['a']);
    void store.refreshModels(id);
    expect(store.getSnapshot().models[id]).toEqual({ status: 'loading', ids: ['a'] });
  });

  it('keeps what the list says of each model: its context length and whether it takes pictures', async () => {
    const { store, id, answer } = await withConnection();
    void store.refreshModels(id);
    await answer({ ids: ['llava', 'plain', 'silent'], contexts: { llava: 4096, plain: 32768 }, vision: { llava: true, plain: false } });
    const snapshot = store.getSnapshot();
    expect(contextLengthOfModel(snapshot, `${id}/llava`)).toBe(4096);
    expect(contextLengthOfModel(snapshot, `${id}/plain`)).toBe(32768);
    expect(modelAcceptsImages(snapshot, `${id}/llava`)).toBe(true);
    expect(modelAcceptsImages(snapshot, `${id}/plain`)).toBe(false);
    // Not said, another connection, not a reference: unknown, never a guess.
    expect(contextLengthOfModel(snapshot, `${id}/silent`)).toBeUndefined();
    expect(modelAcceptsImages(snapshot, `${id}/silent`)).toBeUndefined();
    expect(contextLengthOfModel(snapshot, 'other/llava')).toBeUndefined();
    expect(contextLengthOfModel(snapshot, undefined)).toBeUndefined();
    expect(modelAcceptsImages(snapshot, 'llava')).toBeUndefined();
    // A refresh keeps them while it loads, as it keeps the ids.
    void store.refreshModels(id);
    expect(store.getSnapshot().models[id]!.status).toBe('loading');
    expect(contextLengthOfModel(store.getSnapshot(), `${id}/llava`)).toBe(4096);
    expect(modelAcceptsImages(store.getSnapshot(), `${id}/plain`)).toBe(false);
  });

  it('starts a new connection on its first model that chats, never on an embedding model, and lists those apart', async () => {
    const { store, id, answer } = await withConnection();
    void store.refreshModels(id);
    await answer({ ids: ['llama3.2', 'nomic-embed-text'], embedding: { 'nomic-embed-text': true }, firstChat: 'llama3.2' });
    expect(store.getSnapshot().defaultModel).toBe(`${id}/llama3.2`);
    expect(store.getSnapshot().models[id]!.embedding).toEqual({ 'nomic-embed-text': true });

    const other = await withConnection();
    void other.store.refreshModels(other.id);
    await other.answer({ ids: ['nomic-embed-text'], embedding: { 'nomic-embed-text': true }, firstChat: undefined });
    expect(other.store.getSnapshot().defaultModel).toBeUndefined();
  });

  it('forgets the context lengths with the list when the address changes', async () => {
    const { store, id, answer } = await withConnection();
    void store.refreshModels(id);
    await answer({ ids: ['m'], contexts: { m: 8192 } });
    expect(store.getSnapshot().models[id]).toEqual({ status: 'ready', ids: ['m'], loadedAt: 1000, contexts: { m: 8192 } });
    store.update(id, { baseUrl: 'http://localhost:8080/v1' });
    expect(contextLengthOfModel(store.getSnapshot(), `${id}/m`)).toBeUndefined();
  });

  it('records a failure as plain data (code, reason, status)', async () => {
    const { store, id, fail } = await withConnection();
    void store.refreshModels(id);
    await fail(new OpenAiModelError('unreachable', 'Could not reach', { reason: 'cors', url: 'http://localhost:11434/v1/models' }));
    expect(store.getSnapshot().models[id]).toEqual({
      status: 'error',
      ids: [],
      error: { code: 'unreachable', reason: 'cors', message: 'Could not reach', url: 'http://localhost:11434/v1/models' },
    });
    expect(store.getSnapshot().defaultModel).toBeUndefined();
    expect(modelReadiness(store.getSnapshot())).toBe('no-model');
  });

  it('calls a timeout unreachable', async () => {
    const { store, id, fail } = await withConnection();
    void store.refreshModels(id);
    await fail(new DOMException('The operation timed out.', 'TimeoutError'));
    expect(store.getSnapshot().models[id]?.error).toMatchObject({ code: 'unreachable', reason: 'timeout' });
  });

  it('drops an answer about an address that was edited meanwhile, and forgets the list on edit', async () => {
    const { store, calls, id } = await withConnection();
    void store.refreshModels(id);
    store.update(id, { baseUrl: 'http://other:11434/v1' });
    expect(store.getSnapshot().models[id]).toBeUndefined();
    calls[0]!.answer.resolve(['stale']);
    await flushPromises();
    expect(store.getSnapshot().models[id]).toBeUndefined();
    expect(store.getSnapshot().defaultModel).toBeUndefined();
  });

  it('keeps the list when only the name changes', async () => {
    const { store, id, answer } = await withConnection();
    void store.refreshModels(id);
    await answer(['a']);
    store.update(id, { name: 'Renamed' });
    expect(store.getSnapshot().models[id]?.ids).toEqual(['a']);
  });

  it('does not replace a usable default model', async () => {
    const { store, id, answer } = await withConnection();
    store.setDefaultModel(`${id}/chosen`);
    void store.refreshModels(id);
    await answer(['a', 'chosen']);
    expect(store.getSnapshot().defaultModel).toBe(`${id}/chosen`);
  });

  it('removing the default model’s connection falls back to another connection’s first model', async () => {
    const { store, id, answer } = await withConnection();
    const other = store.add({ name: 'Box', kind: 'llamacpp', baseUrl: 'http://box:8080/v1' });
    if (!other.ok) throw new Error('not added');
    void store.refreshModels(id);
    await answer(['a']);
    void store.refreshModels(other.connection.id);
    await answer(['b']);
    expect(store.getSnapshot().defaultModel).toBe(`${id}/a`);
    store.remove(id);
    expect(store.getSnapshot().defaultModel).toBe(`${other.connection.id}/b`);
    store.remove(other.connection.id);
    expect(store.getSnapshot().defaultModel).toBeUndefined();
    expect(modelReadiness(store.getSnapshot())).toBe('no-connection');
  });
});

describe('connections store: Test connection', () => {
  it('lists the models of a draft without storing anything', async () => {
    const { store, calls, answer, saves } = makeConnectionsStore();
    await store.init();
    const result = store.testConnection({ baseUrl: 'localhost:1234/v1/', apiKey: '  ', headers: { 'X-A': '1', 'bad name': 'x' } });
    await flushPromises();
    expect(calls[0]!.connection).toEqual({ baseUrl: 'http://localhost:1234/v1', headers: { 'X-A': '1' } });
    await answer(['m1']);
    expect(await result).toEqual({ ok: true, models: ['m1'] });
    expect(store.getSnapshot().connections).toEqual([]);
    await store.flush();
    expect(saves).toEqual([]);
  });

  it('explains failures with the error code, and refuses a malformed address before asking', async () => {
    const { store, calls, fail } = makeConnectionsStore();
    await store.init();
    expect(await store.testConnection({ baseUrl: 'nope://x' })).toEqual({
      ok: false,
      error: { code: 'unreachable', reason: 'invalid-url', message: 'Not an http(s) address: nope://x' },
    });
    expect(calls).toEqual([]);
    const result = store.testConnection({ baseUrl: 'https://api.openai.com/v1', apiKey: 'bad' });
    await flushPromises();
    await fail(new ChatModelError('unauthorized', 'Incorrect API key provided', { status: 401 }));
    expect(await result).toEqual({ ok: false, error: { code: 'unauthorized', message: 'Incorrect API key provided', status: 401 } });
  });

  it('a stored connection with the same address keeps the answer as its list', async () => {
    const { store, answer } = makeConnectionsStore();
    await store.init();
    const added = store.add(ollama);
    if (!added.ok) throw new Error('not added');
    const result = store.testConnection({ ...added.connection });
    await flushPromises();
    await answer(['x', 'y']);
    await result;
    expect(store.getSnapshot().models[added.connection.id]).toMatchObject({ status: 'ready', ids: ['x', 'y'] });
    expect(store.getSnapshot().defaultModel).toBe(`${added.connection.id}/x`);
  });
});

describe('connections store: local servers', () => {
  it('adopts a found server: adds it, loads its models, picks the first; a second adoption reuses it', async () => {
    const { store, answer, calls } = makeConnectionsStore();
    await store.init();
    const server = { preset: { kind: 'ollama', name: 'Ollama', baseUrl: 'http://localhost:11434/v1', needsKey: false }, baseUrl: 'http://localhost:11434/v1', models: ['m'] } as const;
    const adopted = store.adoptLocalServer(server);
    await flushPromises();
    await answer(['llama3.2']);
    const connection = await adopted;
    expect(store.getSnapshot().connections).toEqual([connection]);
    expect(connection).toMatchObject({ name: 'Ollama', kind: 'ollama', baseUrl: 'http://localhost:11434/v1' });
    expect(store.getSnapshot().defaultModel).toBe(`${connection.id}/llama3.2`);
    const again = store.adoptLocalServer(server);
    await flushPromises();
    await answer(['llama3.2']);
    expect((await again).id).toBe(connection.id);
    expect(store.getSnapshot().connections).toHaveLength(1);
    expect(calls).toHaveLength(2);
  });

  it('findLocalServers uses the injected probe', async () => {
    const { store } = makeConnectionsStore({}, { probe: async () => [] });
    expect(await store.findLocalServers()).toEqual([]);
  });
});
