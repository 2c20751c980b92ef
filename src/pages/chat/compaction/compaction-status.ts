/**
 * "Summarise earlier messages" as the chat page runs it (issue 24): one request per chat at a
 * time, cancellable, its failure kept to be said beside the thread until dismissed.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { getChatStore } from '../../../chat';
import type { CompactOptions, CompactResult } from '../../../chat/replies/compaction-actions';

export type CompactionState = { kind: 'working' } | { kind: 'failed'; result: Extract<CompactResult, { ok: false }> };

const states = new Map<string, CompactionState>();
const controllers = new Map<string, AbortController>();
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of [...listeners]) listener();
};
const set = (chatId: string, state: CompactionState | undefined) => {
  if (state) states.set(chatId, state);
  else states.delete(chatId);
  changed();
};

/** Summarises (or drops) up to `options.upTo`; resolves with the result once the marker is stored or the attempt ended. */
export async function runCompaction(chatId: string, options: Omit<CompactOptions, 'signal'> = {}): Promise<CompactResult | undefined> {
  if (controllers.has(chatId)) return undefined;
  const controller = new AbortController();
  controllers.set(chatId, controller);
  set(chatId, { kind: 'working' });
  try {
    const result = await getChatStore().compactChat(chatId, { ...options, signal: controller.signal });
    // Cancelled by the user: they know; nothing to say.
    set(chatId, result.ok || result.reason === 'cancelled' ? undefined : { kind: 'failed', result });
    return result;
  } finally {
    controllers.delete(chatId);
  }
}

export const cancelCompaction = (chatId: string) => controllers.get(chatId)?.abort();
export const dismissCompaction = (chatId: string) => set(chatId, undefined);

export function useCompactionState(chatId: string): CompactionState | undefined {
  // An automatic compaction before a send that failed (the message went anyway) is said here too.
  useEffect(
    () =>
      getChatStore().onError((event) => {
        if (event.kind !== 'compaction-failed' || event.chatId !== chatId || controllers.has(chatId)) return;
        set(chatId, { kind: 'failed', result: { ok: false, reason: event.reason, ...(event.message !== undefined && { message: event.message }) } });
        // New events only: those from before the app listened are the app's toasts' to show.
      }, { replay: false }),
    [chatId],
  );
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    () => states.get(chatId),
  );
}
