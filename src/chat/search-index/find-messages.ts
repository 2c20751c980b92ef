import type { MessageHit } from '../persistence';
import { createSearchMatcher } from '../search';
import type { ChatTexts } from './chat-texts';
import type { IndexedChat } from './chat-index';

/**
 * The second step of a query: the index named the chats that contain every word; this reads
 * them, newest first, and keeps each one's newest message that really matches (the whole query
 * as the matcher reads it: a phrase, not words scattered over several messages), in its own text
 * or in a file it carries, with its snippet (and then the file's name).
 */

/** Chats read from storage at once: one transaction's worth, so the first hits come back quickly. */
export const CHATS_PER_READ = 10;

export interface FindMessagesOptions {
  limit: number;
  skipChatIds: ReadonlySet<string>;
  /** The chats' messages and their files' texts, in the order asked. */
  readChats(chatIds: readonly string[]): Promise<ChatTexts[]>;
  /** True once a newer query replaced this one: stop reading. */
  cancelled(): boolean;
  onHits(hits: readonly MessageHit[]): void;
}

/** The chat's newest message matching in its text or a file's; its own text first. */
function newestHit(chat: ChatTexts, matcher: NonNullable<ReturnType<typeof createSearchMatcher>>): MessageHit | undefined {
  for (let i = chat.messages.length - 1; i >= 0; i--) {
    const message = chat.messages[i]!;
    // The snippet is cut from the text here, in the worker: the page gets a few words, whatever the message's size.
    const snippet = matcher.snippet(message.content);
    if (snippet) return { chatId: message.chatId, messageId: message.id, snippet };
    for (const file of chat.files.get(message.id) ?? []) {
      const inFile = matcher.snippet(file.text);
      if (inFile) return { chatId: message.chatId, messageId: message.id, snippet: inFile, fileName: file.name };
    }
  }
  return undefined;
}

export async function findMessages(query: string, chats: readonly IndexedChat[], options: FindMessagesOptions): Promise<void> {
  const matcher = createSearchMatcher(query);
  if (!matcher) return;
  const wanted = chats.filter((chat) => !options.skipChatIds.has(chat.chatId));
  let found = 0;
  for (let at = 0; at < wanted.length && found < options.limit; at += CHATS_PER_READ) {
    const ids = wanted.slice(at, at + CHATS_PER_READ).map((chat) => chat.chatId);
    const read = await options.readChats(ids);
    if (options.cancelled()) return;
    const hits: MessageHit[] = [];
    for (const chat of read) {
      if (found + hits.length >= options.limit) break;
      const hit = newestHit(chat, matcher);
      if (hit) hits.push(hit);
    }
    found += hits.length;
    if (hits.length > 0) options.onHits(hits);
  }
}
