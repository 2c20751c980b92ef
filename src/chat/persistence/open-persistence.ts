import { openDatabase } from './db';
import { createIdbPersistence } from './idb-persistence';
import type { ChatPersistence } from './persistence';
import { StorageError } from './storage-error';

/** How long to wait for IndexedDB: an open blocked by another tab or a broken profile can hang forever. */
export const OPEN_TIMEOUT_MS = 3000;

export interface OpenedPersistence {
  persistence: ChatPersistence;
  /** Why IndexedDB isn't used; set exactly when `persistence.kind` is 'memory'. */
  reason?: StorageError;
}

export interface OpenPersistenceOptions {
  timeoutMs?: number;
  /** Another tab upgraded the database; this tab's connection has closed and it should reload. */
  onVersionChange?(): void;
}

/** Memory is the fallback only: its code loads when IndexedDB fails, not with every first screen. */
async function inMemory(reason: StorageError): Promise<OpenedPersistence> {
  const { createMemoryPersistence } = await import('./memory-persistence');
  return { persistence: createMemoryPersistence(), reason };
}

/**
 * IndexedDB when it opens in time, else memory for this session with the reason. Never deletes
 * the database or writes anything on failure: what is stored stays for a later session.
 */
export async function openPersistence(
  factory: IDBFactory | null = globalThis.indexedDB ?? null,
  options: OpenPersistenceOptions = {},
): Promise<OpenedPersistence> {
  if (!factory) return inMemory(new StorageError('unavailable', 'IndexedDB is not supported here'));
  const opening = openDatabase(factory, { onVersionChange: options.onVersionChange });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), options.timeoutMs ?? OPEN_TIMEOUT_MS);
  });
  try {
    const result = await Promise.race([opening, timedOut]);
    if (result !== 'timeout') return { persistence: createIdbPersistence(result) };
    // If it opens after all, close it so this tab never blocks another tab's upgrade.
    opening.then(
      (db) => db.close(),
      () => {},
    );
    return inMemory(new StorageError('unavailable', 'Opening IndexedDB timed out'));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return inMemory(new StorageError('unavailable', message, { cause: error }));
  } finally {
    clearTimeout(timer);
  }
}
