import type { Chat, Message } from '../types';
import { NOTHING_UNSAVED, type UnsavedSnapshot } from './unsaved-snapshot';

/**
 * Bookkeeping of what this tab asked storage to keep and storage refused. Every write covers
 * "slots" (a chat row, one field of a chat, a message); each attempt gets a sequence number in
 * the order it was started, which is also the order IndexedDB commits overlapping transactions.
 * A failure leaves its slots pending unless a later attempt already stored them; a success
 * clears the slots that failed at or before it. A retry writes each slot's latest intended
 * value, never the one that failed, so it can't put an older value over a newer stored one.
 */

export type SlotValue =
  /** The whole chat with these messages (a new chat, or one brought back by Undo). */
  | { type: 'chat'; chat: Chat; rows: readonly Message[] }
  | { type: 'chat-delete' }
  | { type: 'field'; name: keyof Chat; value: unknown }
  | { type: 'message'; message: Message }
  | { type: 'message-delete'; messageId: string };

export interface Slot {
  readonly key: string;
  readonly chatId: string;
  readonly value: SlotValue;
}

export const chatSlot = (chat: Chat, rows: readonly Message[]): Slot => ({ key: `chat:${chat.id}`, chatId: chat.id, value: { type: 'chat', chat, rows } });
export const chatDeleteSlot = (chatId: string): Slot => ({ key: `chat:${chatId}`, chatId, value: { type: 'chat-delete' } });
export const messageSlot = (message: Message): Slot => ({ key: `message:${message.id}`, chatId: message.chatId, value: { type: 'message', message } });
export const messageDeleteSlot = (chatId: string, messageId: string): Slot => ({
  key: `message:${messageId}`,
  chatId,
  value: { type: 'message-delete', messageId },
});
export function fieldSlots(chatId: string, patch: Partial<Chat> | undefined): Slot[] {
  return Object.entries(patch ?? {}).map(([name, value]) => ({
    key: `field:${chatId}:${name}`,
    chatId,
    value: { type: 'field', name: name as keyof Chat, value },
  }));
}

/** Fields a message write moves along with it: unsaved, they mark the message, not the chat's title. */
const MESSAGE_BOOKKEEPING: ReadonlySet<string> = new Set(['currentLeafId', 'updatedAt']);

interface Latest {
  slot: Slot;
  seq: number;
  inFlight: number;
}

export interface UnsavedLedger {
  /** Records an attempt to store `slots`; returns its sequence number. */
  begin(slots: readonly Slot[]): number;
  succeed(slots: readonly Slot[], seq: number): void;
  fail(slots: readonly Slot[], seq: number): void;
  /** Forgets the pending slots of a chat that match (a deleted chat's edits need no retry). */
  drop(chatId: string, match: (slot: Slot) => boolean): void;
  /** The latest intended value of every pending slot. */
  pending(): Slot[];
  pendingOf(chatId: string): Slot[];
  snapshot(): UnsavedSnapshot;
}

export function createUnsavedLedger(): UnsavedLedger {
  let counter = 0;
  const latest = new Map<string, Latest>();
  const saved = new Map<string, number>();
  const pending = new Map<string, number>();
  let cached: UnsavedSnapshot | undefined = NOTHING_UNSAVED;

  // A slot nothing waits on and nothing writes is forgotten, so a long session doesn't keep every message.
  const settle = (key: string) => {
    const entry = latest.get(key);
    if (pending.has(key) || (entry && entry.inFlight > 0)) return;
    latest.delete(key);
    saved.delete(key);
  };
  const changed = () => (cached = undefined);
  const slotOf = (key: string) => latest.get(key)!.slot;

  return {
    begin(slots) {
      const seq = ++counter;
      for (const slot of slots) latest.set(slot.key, { slot, seq, inFlight: (latest.get(slot.key)?.inFlight ?? 0) + 1 });
      return seq;
    },
    succeed(slots, seq) {
      for (const { key } of slots) {
        saved.set(key, Math.max(saved.get(key) ?? 0, seq));
        const waiting = pending.get(key);
        if (waiting !== undefined && waiting <= seq) {
          pending.delete(key);
          changed();
        }
        const entry = latest.get(key);
        if (entry) entry.inFlight--;
        settle(key);
      }
    },
    fail(slots, seq) {
      for (const { key } of slots) {
        if ((saved.get(key) ?? 0) < seq) {
          pending.set(key, Math.max(pending.get(key) ?? 0, seq));
          changed();
        }
        const entry = latest.get(key);
        if (entry) entry.inFlight--;
        settle(key);
      }
    },
    drop(chatId, match) {
      for (const key of [...pending.keys()]) {
        const slot = slotOf(key);
        if (slot.chatId !== chatId || !match(slot)) continue;
        pending.delete(key);
        changed();
        settle(key);
      }
    },
    pending: () => [...pending.keys()].map(slotOf),
    pendingOf: (chatId) => [...pending.keys()].map(slotOf).filter((slot) => slot.chatId === chatId),
    snapshot() {
      if (cached) return cached;
      const chats = new Set<string>();
      const chatsWithChanges = new Set<string>();
      const messages = new Set<string>();
      for (const key of pending.keys()) {
        const { chatId, value } = slotOf(key);
        if (value.type === 'chat' || (value.type === 'field' && !MESSAGE_BOOKKEEPING.has(value.name))) chats.add(chatId);
        if (value.type === 'chat' || value.type === 'field') chatsWithChanges.add(chatId);
        if (value.type === 'chat') for (const row of value.rows) messages.add(row.id);
        if (value.type === 'message') {
          messages.add(value.message.id);
          chatsWithChanges.add(chatId);
        }
      }
      cached = pending.size === 0 ? NOTHING_UNSAVED : { chats, chatsWithChanges, messages, count: pending.size };
      return cached;
    },
  };
}
