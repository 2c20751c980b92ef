import type { MessageHit } from '../persistence';

/** Messages between the page (search-index-client.ts) and the search worker (search-worker.ts). */

/** 'building': the first index is being made (queries are answered by a scan meanwhile); 'failed': no index this session. */
export type SearchIndexState = 'building' | 'ready' | 'failed';

export type SearchPageMessage =
  | { type: 'query'; id: number; query: string; limit: number; skipChatIds: readonly string[] }
  | { type: 'cancel'; id: number };

export type SearchWorkerMessage =
  | { type: 'state'; state: SearchIndexState; /** How long the index took to build or load, ms. */ tookMs?: number }
  | { type: 'hits'; id: number; hits: readonly MessageHit[] }
  | { type: 'done'; id: number }
  | { type: 'error'; id: number; message: string };
