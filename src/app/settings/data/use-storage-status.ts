import { useCallback, useEffect, useState } from 'react';
import { readUsage, type EstimateStorage } from '../../../chat/persistence/storage-usage';

/**
 * How much space Parley uses and whether the browser may clear it, as navigator.storage says:
 * read when Settings → Data shows, again on demand (after a backup is restored, say).
 */

/** The part of navigator.storage this reads; tests pass their own. */
export interface StorageLike {
  estimate?: EstimateStorage;
  persisted?(): Promise<boolean>;
  persist?(): Promise<boolean>;
}

export type UsageState = { state: 'loading' } | { state: 'known'; used: number; quota: number } | { state: 'unknown' };
/** `granted`/`denied`: the answer to this session's request; `persistent`/`not-persistent`: as found. */
export type PersistState = 'checking' | 'persistent' | 'not-persistent' | 'granted' | 'denied' | 'unsupported';

export interface StorageStatus {
  usage: UsageState;
  persist: PersistState;
  requestPersist(): Promise<void>;
  refreshUsage(): void;
}

export const browserStorage = (): StorageLike | undefined => globalThis.navigator?.storage;

export function useStorageStatus(storage: StorageLike | undefined = browserStorage()): StorageStatus {
  const [usage, setUsage] = useState<UsageState>({ state: 'loading' });
  const [persist, setPersist] = useState<PersistState>('checking');
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let live = true;
    const estimate = storage?.estimate?.bind(storage);
    void (estimate ? readUsage(estimate) : Promise.resolve(undefined)).then((found) => {
      if (live) setUsage(found ? { state: 'known', ...found } : { state: 'unknown' });
    });
    return () => {
      live = false;
    };
  }, [storage, generation]);

  useEffect(() => {
    let live = true;
    if (!storage?.persisted || !storage.persist) {
      setPersist('unsupported');
      return;
    }
    storage.persisted().then(
      (yes) => live && setPersist((now) => (now === 'checking' ? (yes ? 'persistent' : 'not-persistent') : now)),
      () => live && setPersist('unsupported'),
    );
    return () => {
      live = false;
    };
  }, [storage]);

  const requestPersist = useCallback(async () => {
    if (!storage?.persist) return;
    const granted = await storage.persist().catch(() => false);
    setPersist(granted ? 'granted' : 'denied');
  }, [storage]);

  const refreshUsage = useCallback(() => setGeneration((n) => n + 1), []);
  return { usage, persist, requestPersist, refreshUsage };
}
