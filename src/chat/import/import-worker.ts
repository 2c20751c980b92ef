/// <reference lib="webworker" />
// The import worker: a 100 MB export is read, parsed (one JSON.parse of the whole file, which no
// slicing can break up), validated and written to IndexedDB here, so the page never stalls.
import { openDatabase } from '../persistence';
import { createIdbPersistence } from '../persistence';
import { serveImport } from './worker-host';

const scope = self as unknown as DedicatedWorkerGlobalScope;

serveImport(scope as unknown as Parameters<typeof serveImport>[0], async () => {
  const db = await openDatabase(indexedDB);
  return { persistence: createIdbPersistence(db), close: () => db.close() };
});
