import { useEffect, useState } from 'react';
import { getChatStore, type ChatSearchResult } from '../../chat';

/**
 * "Search chats" as the user types: each query waits a moment (most keystrokes are followed
 * by another), runs with its own AbortController, and is abandoned the moment the query changes,
 * so a long scan of message text never holds up typing or answers a query that is gone.
 */

/**
 * Pause after a keystroke before searching: keys in a burst share one query. Short, because the
 * index answers in a worker in about 13 ms (issue 12: an answer within 50 ms of typing), and an
 * older query is cancelled when a newer one starts.
 */
export const SEARCH_DEBOUNCE_MS = 25;

export type ChatSearchStatus = 'idle' | 'searching' | 'done' | 'failed';

export interface ChatSearchState {
  readonly status: ChatSearchStatus;
  readonly results: readonly ChatSearchResult[];
  /** The query these results answer (they may lag behind the typed one while a search runs). */
  readonly query: string;
}

const IDLE: ChatSearchState = { status: 'idle', results: [], query: '' };

export function useChatSearch(query: string): ChatSearchState {
  const [state, setState] = useState<ChatSearchState>(IDLE);
  const wanted = query.trim();

  useEffect(() => {
    if (wanted === '') {
      setState(IDLE);
      return;
    }
    const controller = new AbortController();
    const { signal } = controller;
    // The previous results stay until new ones arrive, so the list doesn't flicker empty per key.
    setState((current) => (current.status === 'searching' ? current : { ...current, status: 'searching' }));
    const timer = setTimeout(() => {
      getChatStore()
        .search(wanted, {
          signal,
          // Title matches come at once, message matches batch by batch.
          onResults: (results) => {
            if (!signal.aborted) setState({ status: 'searching', results, query: wanted });
          },
        })
        .then(
          (results) => {
            if (!signal.aborted) setState({ status: 'done', results, query: wanted });
          },
          () => {
            if (!signal.aborted) setState({ status: 'failed', results: [], query: wanted });
          },
        );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [wanted]);

  return wanted === '' ? IDLE : state;
}
