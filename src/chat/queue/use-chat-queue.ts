// A chat's queued messages in React; reading them loads the chat's stored queue.
import { useEffect, useSyncExternalStore } from 'react';
import { getMessageQueue } from './app-queue';
import type { ChatQueue } from './message-queue';

export function useChatQueue(chatId: string): ChatQueue {
  const queue = getMessageQueue();
  useEffect(() => {
    // A read failure was reported by the chat store; the queue shows empty.
    queue.load(chatId).catch(() => {});
  }, [queue, chatId]);
  const read = () => queue.get(chatId);
  return useSyncExternalStore(queue.subscribe, read, read);
}
