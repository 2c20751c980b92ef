import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { TextSource } from '../../lib/text-source';
import { getChatStore } from './chat-store-instance';
import { frameSubscribe } from './frame-subscribe';
import { chatById, replyingMessageId, type ChatStoreSnapshot } from '../state';
import type { Chat, Message } from '../types';

/** React's view of the chat store. Selected values keep their identity until they change, so components re-render only for what they use. */

export const EMPTY_MESSAGES: readonly Message[] = [];

export function shallowEqual<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every((key) => Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

export function useChatStore<T>(selector: (snapshot: ChatStoreSnapshot) => T, isEqual: (a: T, b: T) => boolean = Object.is): T {
  const store = getChatStore();
  const cache = useRef<{ snapshot: ChatStoreSnapshot; selector: typeof selector; value: T } | null>(null);
  const select = () => {
    const snapshot = store.getSnapshot();
    const cached = cache.current;
    if (cached && cached.snapshot === snapshot && cached.selector === selector) return cached.value;
    const value = selector(snapshot);
    // An equal value keeps the old identity, so useSyncExternalStore sees no change.
    const stable = cached && isEqual(cached.value, value) ? cached.value : value;
    cache.current = { snapshot, selector, value: stable };
    return stable;
  };
  const value = useSyncExternalStore(frameSubscribe(store), select, select);
  useEffect(() => {
    void store.init();
  }, [store]);
  return value;
}

export function useChats(): readonly Chat[] {
  return useChatStore((s) => s.chats);
}

export type ChatView =
  | { status: 'loading'; chat?: Chat; messages: readonly Message[] }
  | { status: 'ready'; chat: Chat; messages: readonly Message[] }
  | { status: 'missing'; messages: readonly Message[] };

/** One chat and its messages, loaded on demand; 'missing' for an unknown (or deleted) id. */
export function useChat(id: string): ChatView {
  const view = useChatStore((s): ChatView => {
    const chat = chatById(s.chats, id);
    const messages = s.messages.get(id);
    if (chat && messages) return { status: 'ready', chat, messages };
    if (!chat && s.status === 'ready' && s.missing.has(id)) return { status: 'missing', messages: EMPTY_MESSAGES };
    return { status: 'loading', chat, messages: EMPTY_MESSAGES };
  }, shallowEqual);
  const needsLoad = view.status === 'loading';
  useEffect(() => {
    if (needsLoad) void getChatStore().loadChat(id);
  }, [id, needsLoad]);
  return view;
}

/** The id of the reply streaming in this chat, in this tab or another, if any. */
export function useStreamingMessageId(chatId: string): string | undefined {
  return useChatStore((s) => replyingMessageId(s, chatId));
}

/** Whether a reply streams in this chat, in this tab or another (O(1): the sidebar asks for every entry). */
export function useChatReplying(chatId: string): boolean {
  return useChatStore((s) => s.replyingChats.has(chatId));
}

/**
 * A composer's draft, held in the store outside React (stable for a key): the message box writes
 * it as the user types and nothing renders (issue 34); what shows something of it selects that
 * alone (useTextValue). The stored draft is loaded here: get() is undefined until it is.
 */
export function useDraftText(key: string): TextSource {
  const store = getChatStore();
  useEffect(() => {
    void store.getDraft(key);
  }, [store, key]);
  return useMemo(
    () => ({ get: () => store.peekDraft(key), set: (text: string) => store.setDraft(key, text), subscribe: (listener: () => void) => store.subscribeDraft(key, listener) }),
    [store, key],
  );
}
