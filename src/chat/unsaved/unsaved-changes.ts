import type { ChangeNotice } from '../tabs';
import type { ChatPersistence } from '../persistence';
import {
  chatDeleteSlot,
  chatSlot,
  createUnsavedLedger,
  fieldSlots,
  messageDeleteSlot,
  messageSlot,
  type Slot,
} from './unsaved-ledger';
import type { UnsavedSnapshot } from './unsaved-snapshot';
import type { Chat, Message } from '../types';
import { overlayChat as overlayOne, overlayMessages as overlayList, pendingRow, withFields } from './unsaved-overlay';

/**
 * Changes storage refused (the disk is full) stay in memory, marked unsaved, and are written
 * again: on a backing-off timer, after the next write that succeeds, when the browser comes
 * back online or the tab regains focus, and when the user asks. Wraps the chat persistence so
 * every write is accounted for without its callers knowing.
 */

/** First automatic retry: soon enough that a freed-up disk is noticed quickly. */
export const RETRY_FIRST_DELAY_MS = 2000;
/** Retries back off to this: a disk that stays full isn't hammered. */
export const RETRY_MAX_DELAY_MS = 60_000;
/** Each failed round doubles the wait. */
const RETRY_BACKOFF = 2;

export interface UnsavedChangesOptions {
  /** Where 'online', 'focus' and 'beforeunload' fire (window); null in tests and workers. */
  win?: EventTarget | null;
  /** Where 'visibilitychange' fires (document). */
  doc?: (EventTarget & { visibilityState?: string }) | null;
  /** A retried write reached storage: other tabs should read it. */
  onStored(notice: ChangeNotice): void;
}

export interface UnsavedChanges {
  wrap(persistence: ChatPersistence): ChatPersistence;
  snapshot(): UnsavedSnapshot;
  subscribe(listener: () => void): () => void;
  /** Writes everything pending now; true when nothing is left unsaved. */
  retry(): Promise<boolean>;
  /** The stored chat with this tab's unsaved changes on top (undefined: neither stored nor pending). */
  overlayChat(chatId: string, stored: Chat | undefined): Chat | undefined;
  overlayMessages(chatId: string, stored: readonly Message[]): Message[];
  dispose(): void;
}

export function createUnsavedChanges({ win, doc, onStored }: UnsavedChangesOptions): UnsavedChanges {
  const ledger = createUnsavedLedger();
  const listeners = new Set<() => void>();
  let target: ChatPersistence | undefined;
  let last = ledger.snapshot();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = RETRY_FIRST_DELAY_MS;
  let retrying: Promise<boolean> | undefined;
  let disposed = false;

  const notify = () => {
    const next = ledger.snapshot();
    if (next === last) return;
    last = next;
    for (const listener of [...listeners]) listener();
  };

  const schedule = () => {
    if (disposed || timer !== undefined || last.count === 0) return;
    timer = setTimeout(() => {
      timer = undefined;
      void retry();
    }, delay);
    delay = Math.min(delay * RETRY_BACKOFF, RETRY_MAX_DELAY_MS);
  };

  /** Runs one write covering `slots`, recording how it went. */
  async function track<T>(slots: readonly Slot[], write: () => Promise<T>): Promise<T> {
    const seq = ledger.begin(slots);
    try {
      const result = await write();
      ledger.succeed(slots, seq);
      notify();
      // Storage took a write: there may be room for the ones waiting.
      if (last.count > 0 && !retrying) queueMicrotask(() => void retry());
      return result;
    } catch (error) {
      ledger.fail(slots, seq);
      notify();
      schedule();
      throw error;
    }
  }

  /** Kept for later without touching storage: the chat they belong to isn't stored yet. */
  const defer = (slots: readonly Slot[]) => {
    ledger.fail(slots, ledger.begin(slots));
    notify();
    schedule();
  };

  const rowPending = (chatId: string) => pendingRow(ledger.pendingOf(chatId));

  const overlayChat = (chatId: string, stored: Chat | undefined) => overlayOne(ledger.pendingOf(chatId), stored);
  const overlayMessages = (chatId: string, stored: readonly Message[]) => overlayList(ledger.pendingOf(chatId), stored);

  /** One chat's pending changes, written as few transactions as its state allows. */
  async function retryChat(p: ChatPersistence, chatId: string, slots: readonly Slot[]) {
    const row = pendingRow(slots);
    const deletion = slots.find((slot) => slot.value.type === 'chat-delete');
    if (deletion) {
      await track([deletion], () => p.deleteChat(chatId));
      onStored({ type: 'chat', chatId });
      return;
    }
    if (row) {
      const messages = new Map(row.rows.map((message) => [message.id, message]));
      for (const { value } of slots) if (value.type === 'message') messages.set(value.message.id, value.message);
      const chat = withFields(row.chat, slots);
      const covered = slots.filter((slot) => slot.value.type !== 'message-delete');
      await track(covered, () => p.restoreChat(chat, [...messages.values()]));
      onStored({ type: 'messages', chatId });
      return;
    }
    const fields = slots.filter((slot) => slot.value.type === 'field');
    if (fields.length > 0) {
      const patch = Object.fromEntries(fields.map(({ value }) => (value.type === 'field' ? [value.name, value.value] : [])));
      await track(fields, () => p.patchChat(chatId, patch));
    }
    for (const slot of slots) {
      if (slot.value.type === 'message') {
        const { message } = slot.value;
        await track([slot], () => p.putMessage(message));
      }
    }
    const deletions = slots.filter((slot) => slot.value.type === 'message-delete');
    if (deletions.length > 0) {
      const ids = deletions.map(({ value }) => (value.type === 'message-delete' ? value.messageId : ''));
      await track(deletions, () => p.deleteMessages(chatId, ids));
    }
    onStored({ type: 'messages', chatId });
  }

  function retry(): Promise<boolean> {
    clearTimeout(timer);
    timer = undefined;
    retrying ??= (async () => {
      const p = target;
      try {
        // A chat written whole can leave a change that needed it stored first: go again while rounds make headway.
        for (let before = Infinity; p && last.count > 0 && last.count < before; ) {
          before = last.count;
          const chatIds = new Set(ledger.pending().map((slot) => slot.chatId));
          for (const chatId of chatIds) await retryChat(p, chatId, ledger.pendingOf(chatId));
        }
        delay = RETRY_FIRST_DELAY_MS;
      } catch {
        // Still no room: the failed write has scheduled the next round.
      } finally {
        retrying = undefined;
      }
      return last.count === 0;
    })();
    return retrying;
  }

  const wake = () => {
    if (last.count > 0) void retry();
  };
  const onVisibility = () => {
    if (doc?.visibilityState !== 'hidden') wake();
  };
  const onBeforeUnload = (event: Event) => {
    if (last.count === 0) return;
    event.preventDefault();
    // Older browsers ask only when returnValue is set as well.
    if (typeof BeforeUnloadEvent === 'function' && event instanceof BeforeUnloadEvent) event.returnValue = '';
  };
  win?.addEventListener('online', wake);
  win?.addEventListener('focus', wake);
  win?.addEventListener('beforeunload', onBeforeUnload);
  doc?.addEventListener('visibilitychange', onVisibility);

  const wrap = (p: ChatPersistence): ChatPersistence => {
    target = p;
    return {
      ...p,
      // Reads see this tab's unsaved changes, so reading a chat again never shows it older than it is.
      getChat: async (id) => overlayChat(id, await p.getChat(id)),
      listMessages: async (chatId) => overlayMessages(chatId, await p.listMessages(chatId)),
      async listChats() {
        const stored = await p.listChats();
        const ids = new Set([...stored.map((chat) => chat.id), ...ledger.pending().map((slot) => slot.chatId)]);
        const stale = new Map(stored.map((chat) => [chat.id, chat]));
        const chats = [...ids].flatMap((id) => overlayChat(id, stale.get(id)) ?? []);
        return chats.sort((a, b) => b.updatedAt - a.updatedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
      },
      createChat: (chat, messages) => track([chatSlot(chat, messages)], () => p.createChat(chat, messages)),
      putChat: (chat) => track([chatSlot(chat, [])], () => p.putChat(chat)),
      async patchChat(id, patch) {
        const slots = fieldSlots(id, patch);
        if (rowPending(id)) return void defer(slots);
        return track(slots, () => p.patchChat(id, patch));
      },
      async putMessage(message, chatPatch) {
        const slots = [messageSlot(message), ...fieldSlots(message.chatId, chatPatch)];
        if (rowPending(message.chatId)) {
          defer(slots);
          return false;
        }
        return track(slots, () => p.putMessage(message, chatPatch));
      },
      async putMessages(chatId, messages, chatPatch) {
        const slots = [...messages.map(messageSlot), ...fieldSlots(chatId, chatPatch)];
        if (rowPending(chatId)) {
          defer(slots);
          return false;
        }
        return track(slots, () => p.putMessages(chatId, messages, chatPatch));
      },
      deleteChat(id) {
        // Whatever else was waiting for this chat no longer needs writing.
        ledger.drop(id, () => true);
        notify();
        return track([chatDeleteSlot(id)], () => p.deleteChat(id));
      },
      restoreChat(chat, messages, draft, attachments) {
        const slots = [chatSlot(chat, messages), ...messages.map(messageSlot)];
        return track(slots, () => p.restoreChat(chat, messages, draft, attachments));
      },
      async deleteMessages(chatId, ids, chatPatch) {
        const doomed = new Set(ids);
        ledger.drop(chatId, (slot) => slot.value.type === 'message' && doomed.has(slot.value.message.id));
        const row = rowPending(chatId);
        if (row) {
          // Never stored: take them out of the chat that will be written instead.
          const rows = row.rows.filter((message) => !doomed.has(message.id));
          defer([chatSlot(row.chat, rows), ...fieldSlots(chatId, chatPatch)]);
          return [];
        }
        notify();
        const slots = [...ids.map((id) => messageDeleteSlot(chatId, id)), ...fieldSlots(chatId, chatPatch)];
        return track(slots, () => p.deleteMessages(chatId, ids, chatPatch));
      },
    };
  };

  return {
    wrap,
    snapshot: () => last,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    retry,
    overlayChat,
    overlayMessages,
    dispose() {
      disposed = true;
      clearTimeout(timer);
      win?.removeEventListener('online', wake);
      win?.removeEventListener('focus', wake);
      win?.removeEventListener('beforeunload', onBeforeUnload);
      doc?.removeEventListener('visibilitychange', onVisibility);
    },
  };
}
