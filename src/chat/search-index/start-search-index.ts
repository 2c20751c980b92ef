import { useSyncExternalStore } from 'react';
import type { SearchIndexState } from './protocol';
import { createSearchIndexClient, type SearchIndexClient } from './search-index-client';

/**
 * The app's one search index: started once (by boot, when the page is idle) from the worker
 * script the build made. Without it (unit tests, no Worker, a private window's memory storage)
 * search scans the messages as before.
 */

let client: SearchIndexClient | undefined;
/** Told when the client comes (or goes) and whenever its state changes. */
const listeners = new Set<() => void>();
let unsubscribeClient: (() => void) | undefined;
const notify = () => {
  for (const listener of [...listeners]) listener();
};

/** For tests too: plug a client in, or none. */
export function setSearchIndex(next: SearchIndexClient | undefined): void {
  unsubscribeClient?.();
  client = next;
  unsubscribeClient = next?.subscribe(notify);
  notify();
}

export function startSearchIndex(workerUrl: string): SearchIndexClient {
  if (!client) setSearchIndex(createSearchIndexClient(new Worker(workerUrl, { type: 'module' })));
  return client!;
}

export const getSearchIndex = (): SearchIndexClient | undefined => client;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The index's state for the palette; 'failed' when there is no index (search then scans). */
export function useSearchIndexState(): SearchIndexState {
  return useSyncExternalStore(
    subscribe,
    () => client?.getState() ?? 'failed',
    () => 'failed',
  );
}
