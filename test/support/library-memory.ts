// A library store kept in memory for component tests: the app's getLibraryStore() returns it.
import { createLibraryStore, resetLibraryStore, type LibraryIo, type LibraryStore } from '../../src/chat/library';
import type { LibraryRecord } from '../../src/chat/types';

export function memoryLibrary(initial: LibraryRecord[] = [], { starters = false } = {}): { store: LibraryStore; rows: Map<string, LibraryRecord> } {
  const rows = new Map(initial.map((row) => [row.id, row]));
  // Without starters unless asked: each test says what its library holds.
  let startersAdded = !starters;
  const io: LibraryIo = {
    list: async () => [...rows.values()],
    put: async (record) => (rows.set(record.id, record), true),
    add: async (records) => (records.forEach((record) => rows.set(record.id, record)), true),
    delete: async (id) => (rows.delete(id), true),
    startersAdded: async () => startersAdded,
    markStartersAdded: async () => void (startersAdded = true),
  };
  const store = createLibraryStore({ io, channel: null });
  resetLibraryStore(store);
  return { store, rows };
}

export const promptRow = (id: string, name: string, body: string): LibraryRecord => ({ id, kind: 'prompt', name, body, createdAt: 1, updatedAt: 1 });
