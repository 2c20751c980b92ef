// @vitest-environment node
// Settings → Code's store (issue 36): the run's time limit and the Python packages' address, one settings row.
import { afterEach, describe, expect, it } from 'vitest';
import {
  configureSandboxSettings,
  DEFAULT_RUN_TIME_LIMIT_SECONDS,
  getSandboxSettingsStore,
  normalizePackagesAddress,
  readSandboxSettings,
  resetSandboxSettings,
  SANDBOX_SETTING,
} from '../../../src/chat/sandbox/sandbox-settings';
import { resetChatStore } from '../../../src/chat';
import { BACKED_UP_SETTINGS } from '../../../src/chat/backup/backup-format';
import { clampTimeLimit, createSandboxSettingsStore } from '../../../src/chat/sandbox/sandbox-settings';
import { disposeStores, makeStore } from '../store-harness';

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
      saves.push(structuredClone(value));
    },
  };
}

const ADDRESS = 'https://cdn.jsdelivr.net/pyodide/v314.0.7/full/';

afterEach(() => resetSandboxSettings());

describe('the sandbox settings store', () => {
  it('starts with a 30 s limit and no packages address, before and after reading an empty row', async () => {
    const io = memoryIo();
    const store = createSandboxSettingsStore(io);
    expect(store.getSnapshot()).toEqual({ timeLimitSeconds: 30, packagesAddress: '' });
    await store.init();
    expect(store.getSnapshot()).toEqual({ timeLimitSeconds: DEFAULT_RUN_TIME_LIMIT_SECONDS, packagesAddress: '' });
    expect(DEFAULT_RUN_TIME_LIMIT_SECONDS).toBe(30);
    // Reading writes nothing: the row appears with the first change.
    expect(io.saves).toEqual([]);
  });

  it('applies each change at once, tells its listeners, and writes the whole row behind', async () => {
    const io = memoryIo();
    const store = createSandboxSettingsStore(io);
    await store.init();
    const seen: unknown[] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.getSnapshot()));
    const before = store.getSnapshot();
    const saved = store.setTimeLimit(45);
    // In memory at once; the snapshot is a new object (useSyncExternalStore compares by identity).
    expect(store.getSnapshot()).toEqual({ timeLimitSeconds: 45, packagesAddress: '' });
    expect(store.getSnapshot()).not.toBe(before);
    expect(before.timeLimitSeconds).toBe(30);
    await saved;
    await store.setPackagesAddress(`  ${ADDRESS}  `);
    expect(io.rows.get(SANDBOX_SETTING)).toEqual({ timeLimitSeconds: 45, packagesAddress: ADDRESS });
    expect(io.saves).toEqual([
      { timeLimitSeconds: 45, packagesAddress: '' },
      { timeLimitSeconds: 45, packagesAddress: ADDRESS },
    ]);
    expect(seen).toHaveLength(2);
    unsubscribe();
    await store.setPackagesAddress('');
    expect(seen).toHaveLength(2);
    expect(io.rows.get(SANDBOX_SETTING)).toEqual({ timeLimitSeconds: 45, packagesAddress: '' });
  });

  it('keeps the limit a whole number from 1 to 600 when it is set', async () => {
    const store = createSandboxSettingsStore(memoryIo());
    for (const [given, kept] of [
      [0, 1],
      [-5, 1],
      [601, 600],
      [12.4, 12],
      [Number.NaN, 30],
      [Number.POSITIVE_INFINITY, 30],
    ] as const) {
      await store.setTimeLimit(given);
      expect(store.getSnapshot().timeLimitSeconds, String(given)).toBe(kept);
    }
  });

  it('does not keep an address it refuses: the saved one stays, and nothing is written', async () => {
    const io = memoryIo();
    const store = createSandboxSettingsStore(io);
    await store.setPackagesAddress(ADDRESS);
    const writes = io.saves.length;
    await store.setPackagesAddress('ftp://files.example/pyodide/');
    await store.setPackagesAddress('not an address');
    expect(store.getSnapshot().packagesAddress).toBe(ADDRESS);
    expect(io.saves).toHaveLength(writes);
  });

  it('reads what was stored, and a reload gives the same settings back', async () => {
    const io = memoryIo();
    const first = createSandboxSettingsStore(io);
    await first.init();
    await first.setTimeLimit(120);
    await first.setPackagesAddress('http://localhost:8000/pyodide');
    const second = createSandboxSettingsStore(io);
    await second.init();
    expect(second.getSnapshot()).toEqual({ timeLimitSeconds: 120, packagesAddress: 'http://localhost:8000/pyodide/' });
  });

  it('reads a corrupt row as the defaults, field by field', async () => {
    for (const corrupt of ['garbage', null, 42, [30], { timeLimitSeconds: '45', packagesAddress: 7 }]) {
      const store = createSandboxSettingsStore(memoryIo({ [SANDBOX_SETTING]: corrupt }));
      await store.init();
      expect(store.getSnapshot(), JSON.stringify(corrupt)).toEqual({ timeLimitSeconds: 30, packagesAddress: '' });
    }
    const store = createSandboxSettingsStore(memoryIo({ [SANDBOX_SETTING]: { timeLimitSeconds: 9000, packagesAddress: 'javascript:alert(1)' } }));
    await store.init();
    expect(store.getSnapshot()).toEqual({ timeLimitSeconds: 600, packagesAddress: '' });
    expect(readSandboxSettings({ timeLimitSeconds: 0.2, packagesAddress: 'https://u:p@h.example/x' })).toEqual({ timeLimitSeconds: 1, packagesAddress: '' });
    expect(readSandboxSettings({ timeLimitSeconds: 10, packagesAddress: 'https://h.example/x?y#z' })).toEqual({ timeLimitSeconds: 10, packagesAddress: 'https://h.example/x/' });
  });

  it('starts from the defaults when the row cannot be read', async () => {
    const store = createSandboxSettingsStore({ load: () => Promise.reject(new Error('unavailable')), save: async () => {} });
    await store.init();
    expect(store.getSnapshot()).toEqual({ timeLimitSeconds: 30, packagesAddress: '' });
  });

  it('reads the row once, however often init is called', async () => {
    let loads = 0;
    const store = createSandboxSettingsStore({ load: async () => (loads++, { timeLimitSeconds: 5, packagesAddress: '' }), save: async () => {} });
    await Promise.all([store.init(), store.init()]);
    await store.init();
    expect(loads).toBe(1);
    expect(store.getSnapshot().timeLimitSeconds).toBe(5);
  });

  it('keeps a change made before the stored row arrived', async () => {
    let release!: (value: unknown) => void;
    const store = createSandboxSettingsStore({ load: () => new Promise((resolve) => (release = resolve)), save: async () => {} });
    const loading = store.init();
    await store.setTimeLimit(7);
    release({ timeLimitSeconds: 200, packagesAddress: ADDRESS });
    await loading;
    expect(store.getSnapshot()).toEqual({ timeLimitSeconds: 7, packagesAddress: '' });
  });

  it('keeps the change in memory when saving fails, and later saves still happen', async () => {
    const written: unknown[] = [];
    let fail = true;
    const store = createSandboxSettingsStore({
      load: async () => undefined,
      save: async (_key, value) => {
        if (fail) throw new Error('full');
        written.push(value);
      },
    });
    await store.setTimeLimit(9);
    expect(store.getSnapshot().timeLimitSeconds).toBe(9);
    fail = false;
    await store.setTimeLimit(10);
    expect(written).toEqual([{ timeLimitSeconds: 10, packagesAddress: '' }]);
  });

  it('keeps its row in the app’s chat store settings unless configured otherwise', async () => {
    const { store: chats } = makeStore();
    resetChatStore(chats);
    await getSandboxSettingsStore().setTimeLimit(12);
    expect(await chats.getSetting(SANDBOX_SETTING)).toEqual({ timeLimitSeconds: 12, packagesAddress: '' });
    resetChatStore();
    disposeStores();
  });

  it('uses the configured row, and is one store for the app', async () => {
    configureSandboxSettings(memoryIo({ [SANDBOX_SETTING]: { timeLimitSeconds: 90, packagesAddress: ADDRESS } }));
    const store = getSandboxSettingsStore();
    expect(getSandboxSettingsStore()).toBe(store);
    await store.init();
    expect(store.getSnapshot()).toEqual({ timeLimitSeconds: 90, packagesAddress: ADDRESS });
  });

  it('is this browser’s, like the tools row: a backup does not carry it', () => {
    expect(BACKED_UP_SETTINGS).not.toContain(SANDBOX_SETTING);
  });
});

describe('clampTimeLimit', () => {
  it.each([
    [30, 30],
    [1, 1],
    [600, 600],
    [0, 1],
    [-1, 1],
    [601, 600],
    [2.5, 3],
    [Number.NaN, 30],
  ])('%s → %s', (given, kept) => {
    expect(clampTimeLimit(given)).toBe(kept);
  });
});

describe('normalizePackagesAddress', () => {
  it.each([
    ['', ''],
    ['   ', ''],
    [ADDRESS, ADDRESS],
    [`  ${ADDRESS}\n`, ADDRESS],
    ['https://cdn.jsdelivr.net/pyodide/v314.0.7/full', ADDRESS],
    ['https://cdn.jsdelivr.net/pyodide/v314.0.7/full/?v=1#top', ADDRESS],
    ['https://cdn.jsdelivr.net/pyodide/v314.0.7/full?v=1', ADDRESS],
    ['http://localhost:8000', 'http://localhost:8000/'],
    ['HTTPS://Mirror.Example/Pyodide/', 'https://mirror.example/Pyodide/'],
  ])('%j is kept as %j', (input, address) => {
    expect(normalizePackagesAddress(input)).toEqual({ ok: true, address });
  });

  it.each([
    ['cdn.jsdelivr.net/pyodide/v314.0.7/full/', 'not-a-url'],
    ['not an address', 'not-a-url'],
    ['http://', 'not-a-url'],
    ['https://user:secret@mirror.example/pyodide/', 'not-a-url'],
    ['https://user@mirror.example/pyodide/', 'not-a-url'],
    ['ftp://mirror.example/pyodide/', 'not-http'],
    ['file:///home/me/pyodide/', 'not-http'],
    ['javascript:alert(1)', 'not-http'],
    ['data:text/plain,hi', 'not-http'],
  ])('%j is refused: %s', (input, reason) => {
    expect(normalizePackagesAddress(input)).toEqual({ ok: false, reason });
  });
});
