import type { ChatGroup } from '../../chat';

/** The groups cut down to their first `limit` chats in reading order; groups left empty are dropped. */
export function limitGroups(groups: readonly ChatGroup[], limit: number): ChatGroup[] {
  const shown: ChatGroup[] = [];
  let budget = limit;
  for (const group of groups) {
    if (budget <= 0) break;
    const chats = group.chats.length <= budget ? group.chats : group.chats.slice(0, budget);
    budget -= chats.length;
    shown.push(chats === group.chats ? group : { ...group, chats });
  }
  return shown;
}

/** The id of the entry that takes focus when `id` leaves the list: the next one, else the one before. */
export function neighbourOf(order: readonly string[], id: string): string | null {
  const at = order.indexOf(id);
  if (at < 0) return null;
  return order[at + 1] ?? order[at - 1] ?? null;
}
