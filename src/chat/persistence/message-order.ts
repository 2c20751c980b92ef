import type { Message } from '../types';

/** Creation order; ids break ties so every tab shows the same order. Apart from tree.ts, which only a thread needs. */
export function compareMessages(a: Message, b: Message): number {
  return a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
