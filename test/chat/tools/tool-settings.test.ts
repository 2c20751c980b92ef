// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_STEP_LIMIT, configureToolSettings, getToolSettingsStore, resetToolSettings, TOOLS_SETTING } from '../../../src/chat/mcp';
import { resetChatStore } from '../../../src/chat';
import { disposeStores, makeStore } from '../store-harness';
import { clampStepLimit, createToolSettingsStore, readToolSettings } from '../../../src/chat/mcp/tool-settings';

/** A settings row in memory, as the chat store's getSetting/putSetting keep it. */
function memoryIo(initial: Record<string, unknown> = {}) {
  const rows = new Map(Object.entries(initial));
  const saves: unknown[] = [];
  return {
    rows,
    saves,
    load: async (key: string) => rows.get(key),
    save: async (key: string, value: unknown) => {
      // Structured clone, as IndexedDB does: a later change must not reach a row already written.
      rows.set(key, structuredClone(value));
      saves.push(key);
    },
  };
}

afterEach(() => resetToolSettings());

describe('the tools settings store', () => {
  it('starts empty with the default step limit', async () => {
    const store = createToolSettingsStore(memoryIo());
    await store.init();
    expect(store.getSnapshot()).toEqual({ servers: [], policies: {}, stepLimit: DEFAULT_STEP_LIMIT });
  });

  it('adds, updates and removes a server, writing the whole row each time', async () => {
    const io = memoryIo();
    const store = createToolSettingsStore(io);
    await store.init();
    let notified = 0;
    store.subscribe(() => notified++);
    const server = await store.addServer({ label: ' Files ', url: ' http://localhost:3001/mcp ', headers: { Authorization: 'Bearer x' } });
    expect(server).toMatchObject({ label: 'Files', url: 'http://localhost:3001/mcp', headers: { Authorization: 'Bearer x' } });
    expect(io.rows.get(TOOLS_SETTING)).toMatchObject({ servers: [{ id: server.id, label: 'Files' }] });

    const tools = [{ name: 'echo', description: 'Says it back', inputSchema: { type: 'object' } }];
    await store.updateServer(server.id, { tools, listedAt: 5 });
    expect(store.getSnapshot().servers[0]).toMatchObject({ id: server.id, tools, listedAt: 5 });

    // "On" keeps the definition the user saw (issue 20): the tool as listed.
    await store.setPolicy({ serverId: server.id, tool: 'echo' }, 'on');
    expect(store.getSnapshot().policies).toEqual({ [server.id]: { echo: { policy: 'on', approved: { description: 'Says it back', inputSchema: { type: 'object' } } } } });

    await store.removeServer(server.id);
    expect(store.getSnapshot()).toMatchObject({ servers: [], policies: {} });
    expect(io.rows.get(TOOLS_SETTING)).toMatchObject({ servers: [], policies: {} });
    expect(notified).toBe(4);
  });

  it('names a server after its address when it has no name', async () => {
    const store = createToolSettingsStore(memoryIo());
    const server = await store.addServer({ label: '  ', url: 'http://h/mcp' });
    expect(server.label).toBe('http://h/mcp');
    expect(server.headers).toBeUndefined();
  });

  it('reads what was stored, and a reload gives the same settings back', async () => {
    const io = memoryIo();
    const first = createToolSettingsStore(io);
    await first.init();
    const server = await first.addServer({ label: 'A', url: 'http://a/mcp' });
    await first.setPolicy({ serverId: server.id, tool: 't' }, 'off');
    await first.setStepLimit(3);
    const second = createToolSettingsStore(io);
    await second.init();
    expect(second.getSnapshot()).toEqual(first.getSnapshot());
  });

  it('keeps a change made before the stored row arrived', async () => {
    let release!: (value: unknown) => void;
    const store = createToolSettingsStore({ load: () => new Promise((resolve) => (release = resolve)), save: async () => {} });
    const loading = store.init();
    await store.setStepLimit(4);
    release({ servers: [], policies: {}, stepLimit: 20 });
    await loading;
    expect(store.getSnapshot().stepLimit).toBe(4);
  });

  it('starts empty when the row cannot be read', async () => {
    const store = createToolSettingsStore({ load: () => Promise.reject(new Error('quota')), save: async () => {} });
    await store.init();
    expect(store.getSnapshot().servers).toEqual([]);
  });

  it('keeps the changes in memory when saving fails', async () => {
    const store = createToolSettingsStore({ load: async () => undefined, save: () => Promise.reject(new Error('full')) });
    await store.setStepLimit(7);
    expect(store.getSnapshot().stepLimit).toBe(7);
  });

  it('keeps its row in the app’s chat store settings unless configured otherwise', async () => {
    const { store: chats } = makeStore();
    resetChatStore(chats);
    await getToolSettingsStore().setStepLimit(3);
    expect(await chats.getSetting(TOOLS_SETTING)).toMatchObject({ stepLimit: 3 });
    resetChatStore();
    disposeStores();
  });

  it('uses the configured row', async () => {
    const io = memoryIo({ [TOOLS_SETTING]: { servers: [{ id: 's', label: 'S', url: 'http://s/mcp' }], policies: {}, stepLimit: 2 } });
    configureToolSettings(io);
    const store = getToolSettingsStore();
    expect(getToolSettingsStore()).toBe(store);
    await store.init();
    expect(store.getSnapshot()).toMatchObject({ servers: [{ id: 's' }], stepLimit: 2 });
  });
});

describe('clampStepLimit', () => {
  it.each([
    [10, 10],
    [0, 1],
    [-3, 1],
    [51, 50],
    [2.6, 3],
    [Number.NaN, DEFAULT_STEP_LIMIT],
  ])('%s → %s', (given, kept) => {
    expect(clampStepLimit(given)).toBe(kept);
  });
});

describe('readToolSettings', () => {
  it('leaves out what it cannot read', () => {
    const read = readToolSettings({
      servers: [null, { id: 'a', url: 'http://a/mcp', headers: { X: 1, Y: 'y' }, tools: [{ name: 'n' }, { description: 'no name' }] }],
      policies: { a: { n: 'on', m: 'sometimes', k: { policy: 'on', approved: { description: 'd', inputSchema: { type: 'object' }, extra: 1 } }, j: { policy: 'on' } }, b: 'on' },
      stepLimit: 500,
    });
    expect(read).toEqual({
      servers: [{ id: 'a', label: 'http://a/mcp', url: 'http://a/mcp', headers: { Y: 'y' }, tools: [{ name: 'n', inputSchema: { type: 'object' } }] }],
      policies: { a: { n: 'on', k: { policy: 'on', approved: { description: 'd', inputSchema: { type: 'object' } } } } },
      stepLimit: 50,
    });
    expect(readToolSettings('garbage')).toEqual({ servers: [], policies: {}, stepLimit: DEFAULT_STEP_LIMIT });
  });
});
