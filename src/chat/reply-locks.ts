import type { Message } from './types';

/**
 * A tab streaming a reply holds a Web Lock named after it, so any tab can tell a reply that
 * is still streaming somewhere from one whose tab crashed or closed mid-stream (stored as
 * 'streaming' for ever). The browser releases a dead tab's locks.
 */

/** The part of navigator.locks the store uses; injectable (tests, browsers without Web Locks). */
export interface LockManagerLike {
  request(name: string, callback: () => Promise<unknown>): Promise<unknown>;
  query(): Promise<{ held?: { name?: string }[]; pending?: { name?: string }[] }>;
}

const LOCK_PREFIX = 'parley-reply:';

export function browserLocks(): LockManagerLike | null {
  return (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks ?? null;
}

/** Holds the reply's lock until `until` settles. */
export function holdReplyLock(locks: LockManagerLike | null, messageId: string, until: Promise<unknown>): void {
  locks?.request(LOCK_PREFIX + messageId, () => until).catch(() => {});
}

/** Replies stored as streaming that no tab is streaming. Without Web Locks nothing can be told: none. */
export async function abandonedReplies(
  locks: LockManagerLike | null,
  messages: readonly Message[],
  streamingHere: ReadonlySet<string>,
): Promise<string[]> {
  const candidates = messages.filter((m) => m.status === 'streaming' && !streamingHere.has(m.id));
  if (!locks || candidates.length === 0) return [];
  try {
    const { held = [], pending = [] } = await locks.query();
    const live = new Set([...held, ...pending].map((lock) => lock.name));
    return candidates.filter((m) => !live.has(LOCK_PREFIX + m.id)).map((m) => m.id);
  } catch {
    return [];
  }
}
