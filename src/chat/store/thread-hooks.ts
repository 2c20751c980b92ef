import { useMemo } from 'react';
import { EMPTY_MESSAGES, shallowEqual, useChatStore } from './hooks';
import { chatById } from '../state';
import type { Message } from '../types';
import { indexMessages, resolveLeaf, threadEntries, type ThreadEntry } from '../shapes';

// Only the chat page shows a thread: this hook and the tree functions load with it (imported by
// path, not through the chat index, which the first screen imports).

/** The last path worked out for each list of messages: the thread and the meter ask for the same one as a chat opens. */
const pathsOf = new WeakMap<readonly Message[], { leafId: string | undefined; entries: readonly ThreadEntry[] }>();

/** The path from the root to `leafId` (or the newest leaf) with each entry's `‹ i/n ›`, worked out once per list and leaf. */
export function threadEntriesOf(messages: readonly Message[], leafId: string | undefined): readonly ThreadEntry[] {
  const known = pathsOf.get(messages);
  if (known && known.leafId === leafId) return known.entries;
  const index = indexMessages(messages);
  const entries = threadEntries(index, resolveLeaf(index, leafId));
  pathsOf.set(messages, { leafId, entries });
  return entries;
}

/** The messages from the root to the chat's current leaf, each with its `‹ i/n ›` position. */
export function useThread(chatId: string): readonly ThreadEntry[] {
  const { messages, leafId } = useChatStore(
    (s) => ({ messages: s.messages.get(chatId) ?? EMPTY_MESSAGES, leafId: chatById(s.chats, chatId)?.currentLeafId }),
    shallowEqual,
  );
  return useMemo(() => threadEntriesOf(messages, leafId), [messages, leafId]);
}


/**
 * Whether two message lists differ at most in replies still streaming (the same message, still
 * streaming, grown by a few tokens): O(messages) pointer checks, far cheaper than a render.
 */
export function sameUnlessStreaming(a: readonly Message[], b: readonly Message[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) {
    const before = a[i]!;
    const after = b[i]!;
    if (before !== after && !(before.id === after.id && before.status === 'streaming' && after.status === 'streaming')) return false;
  }
  return true;
}

/**
 * The thread as useThread gives it, except that a reply's tokens do not change it while it
 * streams: what shows a figure of the whole thread (the context meter beside the composer)
 * renders when a reply starts and when it ends, not once per frame of the stream.
 */
export function useSettledThread(chatId: string): readonly ThreadEntry[] {
  const { messages, leafId } = useChatStore(
    (s) => ({ messages: s.messages.get(chatId) ?? EMPTY_MESSAGES, leafId: chatById(s.chats, chatId)?.currentLeafId }),
    (a, b) => a.leafId === b.leafId && sameUnlessStreaming(a.messages, b.messages),
  );
  return useMemo(() => threadEntriesOf(messages, leafId), [messages, leafId]);
}
