import { useMemo } from 'react';
import { EMPTY_MESSAGES, shallowEqual, useChatStore } from './hooks';
import { chatById } from '../state';
import { indexMessages, resolveLeaf, threadEntries, type ThreadEntry } from '../shapes';

// Only the chat page shows a thread: this hook and the tree functions load with it (imported by
// path, not through the chat index, which the first screen imports).

/** The messages from the root to the chat's current leaf, each with its `‹ i/n ›` position. */
export function useThread(chatId: string): readonly ThreadEntry[] {
  const { messages, leafId } = useChatStore(
    (s) => ({ messages: s.messages.get(chatId) ?? EMPTY_MESSAGES, leafId: chatById(s.chats, chatId)?.currentLeafId }),
    shallowEqual,
  );
  return useMemo(() => {
    const index = indexMessages(messages);
    return threadEntries(index, resolveLeaf(index, leafId));
  }, [messages, leafId]);
}

