import { describe, expect, it } from 'vitest';
import { createLibraryStore, type LibraryChange, type LibraryIo } from '../../../src/chat/library';
import type { LibraryRecord } from '../../../src/chat/types';

function memoryIo(initial: LibraryRecord[] = [], { refuse = false } = {}) {
  const rows = new Map(initial.map((row) => [row.id, row]));
  let starters = false;
  const io: LibraryIo & { rows: typeof rows } = {
    rows,
    list: async () => [...rows.values()],
    put: async (record) => {
      if (refuse) return false;
      rows.set(record.id, record);
      return true;
    },
    add: async (records) => {
      if (refuse) return false;
      for (const record of records) rows.set(record.id, record);
      return true;
    },
    delete: async (id) => rows.delete(id) || true,
    startersAdded: async () => starters,
    markStartersAdded: async () => void (starters = true),
  };
  return io;
}

describe('the library store', () => {
  it('adds the starter prompts once: deleting them does not bring them back', async () => {
    const io = memoryIo();
    const store = createLibraryStore({ io, channel: null, now: () => 10 });
    await store.init();
    const starters = store.getSnapshot().prompts;
    expect(starters.length).toBeGreaterThanOrEqual(5);
    expect(starters.every((prompt) => prompt.starter && prompt.id.startsWith('starter-'))).toBe(true);
    for (const prompt of starters) await store.remove(prompt.id);
    const again = createLibraryStore({ io, channel: null });
    await again.init();
    expect(again.getSnapshot().prompts).toEqual([]);
  });

  it('writes instructions on by default, keeps the switch, and tells sync of each change', async () => {
    const io = memoryIo();
    let clock = 100;
    const store = createLibraryStore({ io, channel: null, now: () => clock++ });
    await store.init();
    const changes: LibraryChange[] = [];
    store.onLocalChange((change) => changes.push(change));
    await store.setInstructions({ about: 'I teach.' });
    expect(store.getSnapshot().instructions).toMatchObject({ about: 'I teach.', style: '', enabled: true });
    await store.setInstructions({ enabled: false });
    await store.setInstructions({ style: 'Brief.' });
    expect(io.rows.get('instructions')).toMatchObject({ about: 'I teach.', style: 'Brief.', enabled: false });
    expect(changes.map((change) => change.id)).toEqual(['instructions', 'instructions', 'instructions']);
  });

  it('deletes with an Undo that puts the row back once', async () => {
    const io = memoryIo();
    const store = createLibraryStore({ io, channel: null });
    await store.init();
    const preset = await store.createPreset({ name: 'Coder', temperature: 0.1 });
    const undo = await store.remove(preset.id);
    expect(store.getSnapshot().presets).toEqual([]);
    await undo!();
    await undo!();
    expect(store.getSnapshot().presets.map((p) => p.name)).toEqual(['Coder']);
    expect(io.rows.get(preset.id)).toMatchObject({ name: 'Coder', temperature: 0.1 });
  });

  it('shows what storage keeps: a refused write goes back', async () => {
    const store = createLibraryStore({ io: memoryIo([], { refuse: true }), channel: null });
    await store.init();
    expect(await store.setDefaults({ temperature: 0.5 })).toBe(false);
    expect(store.getSnapshot().defaults).toBeUndefined();
  });

  it("takes another device's rows without telling sync back", async () => {
    const io = memoryIo();
    const store = createLibraryStore({ io, channel: null });
    await store.init();
    const changes: LibraryChange[] = [];
    store.onLocalChange((change) => changes.push(change));
    const project = { id: 'j', kind: 'project' as const, name: 'Remote', files: [], createdAt: 1, updatedAt: 5 };
    await store.applyRemote({ id: 'j', record: project });
    expect(store.getSnapshot().projects).toEqual([project]);
    await store.applyRemote({ id: 'j', deleted: true, at: 6 });
    expect(store.getSnapshot().projects).toEqual([]);
    expect(io.rows.has('j')).toBe(false);
    expect(changes).toEqual([]);
  });
});
