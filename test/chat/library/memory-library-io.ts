// A library kept in a Map, for tests of what shows the library (the sidebar's projects, a project's page).
import type { LibraryIo } from '../../../src/chat/library';
import type { LibraryRecord } from '../../../src/chat/types';

export function memoryLibraryIo(initial: LibraryRecord[]): LibraryIo & { rows: Map<string, LibraryRecord> } {
  const rows = new Map(initial.map((row) => [row.id, row]));
  return {
    rows,
    list: async () => [...rows.values()],
    put: async (record) => (rows.set(record.id, record), true),
    delete: async (id) => (rows.delete(id), true),
    // No starter prompts: they are not what these tests are about.
    startersAdded: async () => true,
    markStartersAdded: async () => {},
  };
}
