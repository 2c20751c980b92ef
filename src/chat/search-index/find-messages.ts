import type { MessageHit } from '../persistence';
import { createSearchMatcher } from '../search';
import type { Message } from '../types';
import type { IndexedChat } from './chat-index';

/**
 * The second step of a query: the index named the chats that contain every word; this reads
 * them, newest first, and keeps each one's newest message that really matches (the whole query
 * as the matcher reads it: a phrase, not words scattered over several messages), with its snippet.
 */

/** Chats read from storage at once: one transaction's worth, so the first hits come back quickly. */
export const CHATS_PER_READ = 10;

export interface FindMessagesOptions {
  limit: number;
  skipChatIds: ReadonlySet<string>;
  readMessages(chatIds: readonly string[]): Promise<Message[][]>;
  /** True once a newer query replaced this one: stop reading. */
  cancelled(): boolean;
  onHits(hits: readonly MessageHit[]): void;
}

export async function findMessages(query: string, chats: readonly IndexedChat[], options: FindMessagesOptions): Promise<void> {
  const matcher = createSearchMatcher(query);
  if (!matcher) return;
  const wanted = chats.filter((chat) => !options.skipChatIds.has(chat.chatId));
  let found = 0;
  for (let at = 0; at < wanted.length && found < options.limit; at += CHATS_PER_READ) {
    const ids = wanted.slice(at, at + CHATS_PER_READ).map((chat) => chat.chatId);
    const lists = await options.readMessages(ids);
    if (options.cancelled()) return;
    const hits: MessageHit[] = [];
    for (const messages of lists) {
      if (found + hits.length >= options.limit) break;
      for (let i = messages.length - 1; i >= 0; i--) {
        const message = messages[i]!;
        // The snippet is cut from the text here, in the worker: the page gets a few words, whatever the message's size.
        const snippet = matcher.snippet(message.content);
        if (!snippet) continue;
        hits.push({ chatId: message.chatId, messageId: message.id, snippet });
        break;
      }
    }
    found += hits.length;
    if (hits.length > 0) options.onHits(hits);
  }
}
