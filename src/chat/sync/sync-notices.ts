/**
 * What sync refused from the server (encrypted sync, issue 20): an older copy of a document than
 * this device has seen, a deletion no device of the user's signed, or a document that does not
 * open with the key; in either mode, a document that is broken (issues 23 and 32). Nothing of it was applied; Settings → Sync and the sidebar say so, per chat.
 * PouchDB-free and lazily loaded with sync, never on the first screen.
 */

import type { RefusalKind, SyncRefusal } from '../sync-bridge';

export type { RefusalKind, SyncRefusal };

/** Per kind, the chats concerned (by id, with the title last known here). */
export type SyncNotices = Readonly<Record<RefusalKind, ReadonlyMap<string, string | undefined>>>;

const empty = (): SyncNotices => ({ older: new Map(), 'unsigned-deletion': new Map(), unreadable: new Map(), broken: new Map(), 'broken-chat': new Map(), 'not-sent': new Map() });

let current: SyncNotices = empty();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export const getSyncNotices = (): SyncNotices => current;

export function subscribeSyncNotices(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function addSyncRefusal({ kind, chatId, title }: SyncRefusal): void {
  const chats = new Map(current[kind]);
  chats.set(chatId, title ?? chats.get(chatId));
  current = { ...current, [kind]: chats };
  emit();
}

/** How many chats have a notice, all kinds together. */
export const noticeCount = (notices: SyncNotices): number => new Set(Object.values(notices).flatMap((chats) => [...chats.keys()])).size;

/** "Dismiss", and forgetting the server. */
export function clearSyncNotices(): void {
  current = empty();
  emit();
}
