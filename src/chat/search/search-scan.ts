import { createSearchMatcher, type MessageHit, type SearchMessagesOptions } from './search';
import type { Message } from '../types';
import { yieldToEventLoop } from '../../lib/yield-to-event-loop';

/** Messages read per step: big enough to amortise a storage round trip, small enough to stay well under a frame's worth of work. */
export const SEARCH_BATCH_SIZE = 2000;
/** Results shown at most; the scan stops as soon as it has this many chats. */
export const SEARCH_RESULT_LIMIT = 50;

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason ?? new DOMException('The search was aborted', 'AbortError');
}

/**
 * Scans batches of messages (newest first) for a query: one hit per chat, early exit at the
 * limit, a yield to the event loop between batches so typing stays responsive.
 */
export async function scanMessages(
  batches: AsyncIterable<readonly Message[]>,
  query: string,
  options: SearchMessagesOptions = {},
): Promise<MessageHit[]> {
  const { signal, limit = SEARCH_RESULT_LIMIT, skipChatIds, onBatch } = options;
  throwIfAborted(signal);
  const matcher = createSearchMatcher(query);
  const hits: MessageHit[] = [];
  if (!matcher || limit <= 0) return hits;
  const found = new Set<string>(skipChatIds);
  for await (const batch of batches) {
    throwIfAborted(signal);
    const fresh: MessageHit[] = [];
    for (const message of batch) {
      if (found.has(message.chatId) || !matcher.matches(message.content)) continue;
      const snippet = matcher.snippet(message.content);
      if (!snippet) continue;
      found.add(message.chatId);
      fresh.push({ chatId: message.chatId, messageId: message.id, snippet });
      if (hits.length + fresh.length >= limit) break;
    }
    hits.push(...fresh);
    if (fresh.length > 0) onBatch?.(fresh);
    if (hits.length >= limit) break;
    await yieldToEventLoop();
  }
  throwIfAborted(signal);
  return hits;
}
