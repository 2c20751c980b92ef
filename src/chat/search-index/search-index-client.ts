import type { MessageHit, SearchMessagesOptions } from '../persistence';
import type { SearchIndexState, SearchPageMessage, SearchWorkerMessage } from './protocol';

/**
 * The page's side of the search worker: starts it, sends it queries and hands their hits to the
 * caller as they come. A query that is aborted (the user typed on) is cancelled in the worker,
 * and whatever it still sends is dropped. The index's state is an external store, for the palette.
 */

export interface SearchIndexClient {
  /** Same contract as ChatPersistence.searchMessages. */
  searchMessages(query: string, options?: SearchMessagesOptions): Promise<MessageHit[]>;
  getState(): SearchIndexState;
  subscribe(listener: () => void): () => void;
}

interface Pending {
  onHits(hits: readonly MessageHit[]): void;
  settle(error?: Error): void;
}

/** Results shown at most (the same limit as the scan's). */
const DEFAULT_LIMIT = 50;

export function createSearchIndexClient(worker: Pick<Worker, 'postMessage' | 'addEventListener'>): SearchIndexClient {
  let state: SearchIndexState = 'building';
  const listeners = new Set<() => void>();
  const pending = new Map<number, Pending>();
  let nextId = 1;
  const send = (message: SearchPageMessage) => worker.postMessage(message);
  const setState = (next: SearchIndexState) => {
    if (next === state) return;
    state = next;
    for (const listener of [...listeners]) listener();
  };

  worker.addEventListener('message', (event) => {
    const message = (event as MessageEvent<SearchWorkerMessage>).data;
    if (message.type === 'state') return setState(message.state);
    const query = pending.get(message.id);
    if (!query) return;
    if (message.type === 'hits') query.onHits(message.hits);
    else if (message.type === 'done') query.settle();
    else query.settle(new Error(message.message));
  });
  worker.addEventListener('error', () => {
    setState('failed');
    for (const query of [...pending.values()]) query.settle(new Error('The search worker failed'));
  });

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    searchMessages(query, { signal, limit = DEFAULT_LIMIT, skipChatIds, onBatch } = {}) {
      signal?.throwIfAborted();
      const id = nextId++;
      const hits: MessageHit[] = [];
      return new Promise<MessageHit[]>((resolve, reject) => {
        const abort = () => {
          pending.delete(id);
          send({ type: 'cancel', id });
          reject(signal!.reason);
        };
        signal?.addEventListener('abort', abort, { once: true });
        pending.set(id, {
          onHits(found) {
            hits.push(...found);
            onBatch?.(found);
          },
          settle(error) {
            pending.delete(id);
            signal?.removeEventListener('abort', abort);
            if (error) reject(error);
            else resolve(hits);
          },
        });
        send({ type: 'query', id, query, limit, skipChatIds: [...(skipChatIds ?? [])] });
      });
    },
  };
}
