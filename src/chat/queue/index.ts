// The door of queue/ (issue 24): messages typed while a reply streams, sent in order as replies end well. Loaded with the chat page.
export { getMessageQueue, resetMessageQueue } from './app-queue';
export { createMessageQueue, QUEUE_CHANNEL, type ChatQueue, type MessageQueue, type MessageQueueOptions, type QueueChannel, type QueueChatStore, type QueueHalt, type QueuedItem, type QueuedState } from './message-queue';
export { chatStoreQueueIo, type QueueIo } from './queue-io';
export { queueSettingKey, readQueuedRow, type QueuedMessage } from './queued-message';
export { useChatQueue } from './use-chat-queue';
