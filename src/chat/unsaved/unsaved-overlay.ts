import { applyChatPatch } from '../persistence/persistence';
import { compareMessages } from '../persistence';
import type { Chat, ChatPatch, Message } from '../types';
import type { Slot } from './unsaved-ledger';

/** Pure views of one chat's pending slots: what this tab holds that storage doesn't. */

/** The whole chat waiting to be written (a new chat, or one brought back by Undo), if any. */
export function pendingRow(slots: readonly Slot[]) {
  const row = slots.find((slot) => slot.value.type === 'chat');
  return row?.value.type === 'chat' ? row.value : undefined;
}

/** The chat with the pending field values on top. */
export function withFields(chat: Chat, slots: readonly Slot[]): Chat {
  const patch: ChatPatch = {};
  for (const { value } of slots) if (value.type === 'field') Object.assign(patch, { [value.name]: value.value });
  return applyChatPatch(chat, patch);
}

/** The stored chat as this tab has it; undefined when neither stored nor pending, or deleted here. */
export function overlayChat(slots: readonly Slot[], stored: Chat | undefined): Chat | undefined {
  if (slots.some((slot) => slot.value.type === 'chat-delete')) return undefined;
  const base = pendingRow(slots)?.chat ?? stored;
  return base && withFields(base, slots);
}

/** The stored messages as this tab has them, oldest first. */
export function overlayMessages(slots: readonly Slot[], stored: readonly Message[]): Message[] {
  const byId = new Map(stored.map((message) => [message.id, message]));
  for (const { value } of slots) {
    if (value.type === 'chat') for (const row of value.rows) byId.set(row.id, row);
    if (value.type === 'message') byId.set(value.message.id, value.message);
    if (value.type === 'message-delete') byId.delete(value.messageId);
  }
  return [...byId.values()].sort(compareMessages);
}
