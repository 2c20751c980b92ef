/** A library store's rows in memory (component tests): what it holds, and no starter prompts. */
import type { LibraryIo } from '../../../src/chat/library';
import type { LibraryRecord } from '../../../src/chat/types';

export function memoryLibraryIo(initial: LibraryRecord[] = []): LibraryIo & { rows: Map<string, LibraryRecord> } {
  const rows = new Map(initial.map((row) => [row.id, row]));
  return {
    rows,
    list: async () => [...rows.values()],
    put: async (record) => (rows.set(record.id, record), true),
    add: async (records) => (records.forEach((record) => rows.set(record.id, record)), true),
    delete: async (id) => (rows.delete(id), true),
    startersAdded: async () => true,
    markStartersAdded: async () => {},
  };
}
