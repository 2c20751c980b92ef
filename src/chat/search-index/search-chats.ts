import type { ChatPersistence, SearchMessagesOptions } from '../persistence';
import { createSearchMatcher, type Snippet } from '../search';
import { SEARCH_RESULT_LIMIT } from '../search';
import { getSearchIndex } from './start-search-index';
import type { Chat } from '../types';

/**
 * "Search chats" (SPEC B2): titles first (from memory, answered at once), then message text
 * from storage, newest first, one result per chat, at most SEARCH_RESULT_LIMIT.
 */

export interface ChatSearchResult {
  readonly chatId: string;
  readonly title: string;
  /** Which text matched: the title, or a message (then `messageId` says which). */
  readonly kind: 'title' | 'message';
  readonly messageId?: string;
  readonly snippet: Snippet;
  /** The snippet comes from a file the message carries: its name. */
  readonly fileName?: string;
}

export interface SearchChatsOptions {
  signal?: AbortSignal;
  limit?: number;
  /** Called with all results so far, each time more arrive (first with the title matches). */
  onResults?(results: readonly ChatSearchResult[]): void;
}

export async function searchChats(
  chats: readonly Chat[],
  persistence: ChatPersistence,
  query: string,
  { signal, limit = SEARCH_RESULT_LIMIT, onResults }: SearchChatsOptions = {},
): Promise<ChatSearchResult[]> {
  signal?.throwIfAborted();
  const matcher = createSearchMatcher(query);
  if (!matcher) return [];
  let results: ChatSearchResult[] = [];
  for (const chat of chats) {
    if (results.length >= limit) break;
    const snippet = matcher.snippet(chat.title);
    if (snippet) results.push({ chatId: chat.id, title: chat.title, kind: 'title', snippet });
  }
  onResults?.(results);
  if (results.length >= limit) return results;

  const titles = new Map(chats.map((chat) => [chat.id, chat.title]));
  const options: SearchMessagesOptions = {
    signal,
    limit: limit - results.length,
    skipChatIds: new Set(results.map((result) => result.chatId)),
    onBatch(hits) {
      // A message whose chat isn't in the list (deleted meanwhile) can't be opened: leave it out.
      const found = hits.flatMap((hit) => {
        const title = titles.get(hit.chatId);
        if (title === undefined) return [];
        const { messageId, snippet, fileName } = hit;
        return [{ chatId: hit.chatId, title, kind: 'message' as const, messageId, snippet, ...(fileName !== undefined && { fileName }) }];
      });
      if (found.length === 0 || signal?.aborted) return;
      results = [...results, ...found];
      onResults?.(results);
    },
  };
  // The index (in its worker) answers when it can; the scan of storage is the fallback.
  const index = persistence.kind === 'indexeddb' ? getSearchIndex() : undefined;
  if (index && index.getState() !== 'failed') {
    try {
      await index.searchMessages(query, options);
      return results;
    } catch (error) {
      if (signal?.aborted) throw error;
      results = results.filter((result) => result.kind === 'title');
    }
  }
  await persistence.searchMessages(query, options);
  return results;
}
