// The app's one message queue, made on first use by the chat page (never on the first screen).
import { getChatStore } from '../store';
import { browserLocks } from '../tabs';
import { chatStoreQueueIo } from './queue-io';
import { createMessageQueue, QUEUE_CHANNEL, type MessageQueue } from './message-queue';

let instance: MessageQueue | undefined;

function defaultChannel(): BroadcastChannel | null {
  try {
    return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(QUEUE_CHANNEL);
  } catch {
    return null;
  }
}

export function getMessageQueue(): MessageQueue {
  if (!instance) {
    const chats = getChatStore();
    instance = createMessageQueue({ chats, io: chatStoreQueueIo(chats), locks: browserLocks(), channel: defaultChannel() });
  }
  return instance;
}

/** For tests: the next getMessageQueue() makes a new one (on the store configured then). */
export function resetMessageQueue(): void {
  instance?.dispose();
  instance = undefined;
}
