/**
 * This tab's own writes, by chat (a chat's row, messages, files, deletion, Undo): what sync
 * exports (issue 15). Other tabs' changes and sync's own writes (announced on another channel)
 * never come here. Fed by the store's actions (store-actions.ts), so the first screen carries none of it.
 */

const listeners = new Set<(chatId: string) => void>();

export function onLocalChange(listener: (chatId: string) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function tellLocalChange(chatId: string): void {
  listeners.forEach((listener) => listener(chatId));
}
