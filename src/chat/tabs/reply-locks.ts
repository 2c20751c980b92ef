import type { Message } from '../types';

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
/** One tab at a time asks for a chat's title, so two tabs finishing replies don't both ask. */
const TITLE_LOCK_PREFIX = 'parley-title:';

export function browserLocks(): LockManagerLike | null {
  return (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks ?? null;
}

/** Holds the reply's lock until `until` settles; `onHeld` runs once it is held (at once without Web Locks). */
export function holdReplyLock(locks: LockManagerLike | null, messageId: string, until: Promise<unknown>, onHeld: () => void = () => {}): void {
  if (!locks) return onHeld();
  locks
    .request(LOCK_PREFIX + messageId, () => {
      onHeld();
      return until;
    })
    .catch(() => {});
}

/** Resolves once no tab holds the reply's lock: the reply stopped streaming, or its tab is gone. */
export async function waitForReplyLock(locks: LockManagerLike, messageId: string): Promise<void> {
  await locks.request(LOCK_PREFIX + messageId, async () => {}).catch(() => {});
}

/** Runs `task` while no other tab asks for this chat's title (at once without Web Locks). */
export async function withTitleLock(locks: LockManagerLike | null, chatId: string, task: () => Promise<void>): Promise<void> {
  if (!locks) return task();
  await locks.request(TITLE_LOCK_PREFIX + chatId, task);
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
