import type { SyncStatus } from './sync-status';

/**
 * The sync status the sidebar shows, outside React (read with useSyncExternalStore). Tiny and
 * PouchDB-free, as the first screen holds it: 'off' until sync starts, which loads the rest.
 * Separate functions, not an object, so the first screen carries only the two it reads.
 */

export type SyncStatusSnapshot = SyncStatus | { state: 'off' };

let current: SyncStatusSnapshot = { state: 'off' };
const listeners = new Set<() => void>();

export const getSyncStatus = (): SyncStatusSnapshot => current;

export function subscribeSyncStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function setSyncStatus(next: SyncStatusSnapshot): void {
  current = next;
  listeners.forEach((listener) => listener());
}

/** For tests. */
export function resetSyncStatus(): void {
  current = { state: 'off' };
  listeners.clear();
}
