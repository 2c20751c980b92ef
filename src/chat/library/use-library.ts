/** The library's snapshot in React; reading it starts the first load. */
import { useEffect, useSyncExternalStore } from 'react';
import { getLibraryStore, type LibrarySnapshot } from './library-store';

export function useLibrary(): LibrarySnapshot {
  const store = getLibraryStore();
  useEffect(() => {
    // A failure was reported by the chat store; the snapshot stays empty until a reload.
    store.init().catch(() => {});
  }, [store]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
