// A message typed while a reply streamed, waiting to be sent (issue 24): its stored shape and how a settings row is read back.

/** One queued message as stored, in the chat's settings row (`queue:<chatId>`), oldest first. */
export interface QueuedMessage {
  id: string;
  chatId: string;
  text: string;
  createdAt: number;
}

/** The settings row that keeps a chat's queue across reloads. */
export const queueSettingKey = (chatId: string): string => `queue:${chatId}`;

/** A stored row as queued messages; anything malformed (an older shape, a hand-edited row) is left out rather than sent. */
export function readQueuedRow(chatId: string, value: unknown): QueuedMessage[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is QueuedMessage =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as QueuedMessage).id === 'string' &&
      (item as QueuedMessage).chatId === chatId &&
      typeof (item as QueuedMessage).text === 'string' &&
      typeof (item as QueuedMessage).createdAt === 'number',
  );
}
