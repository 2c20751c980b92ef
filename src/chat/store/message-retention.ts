import type { StoreCore } from '../state';
import { withEntry } from '../state';

/**
 * Which chats keep their messages in memory. A chat's messages enter the snapshot when it is
 * opened; without this they stayed until the tab closed, so a long session that opened many
 * chats held them all (about 1.3 KB a message: every chat of a large history would be hundreds
 * of MB). The chats opened last stay, so going back to one is instant; older ones are read from
 * storage again when next opened, unless a reply streams there or a change there is not saved.
 */

/** Chats whose messages stay in memory after they are left: the last few visited reopen at once. */
export const RETAINED_CHATS = 8;

export interface MessageRetention {
  /** A chat was opened (or its messages asked for): it becomes the most recent. */
  touch(chatId: string): void;
  /** Drops the messages of chats beyond the most recent ones that hold nothing in flight. */
  release(): void;
}

export function createMessageRetention(core: Pick<StoreCore, 'snapshot' | 'update'>, limit = RETAINED_CHATS): MessageRetention {
  /** Most recent first. */
  let recent: string[] = [];
  return {
    touch(chatId) {
      recent = [chatId, ...recent.filter((id) => id !== chatId)].slice(0, limit);
    },
    release() {
      const s = core.snapshot();
      const kept = new Set(recent);
      const dropped = [...s.messages.keys()].filter(
        (chatId) => !kept.has(chatId) && !s.replyingChats.has(chatId) && !s.unsaved.chatsWithChanges.has(chatId),
      );
      if (dropped.length === 0) return;
      core.update((current) => ({ messages: dropped.reduce((messages, chatId) => withEntry(messages, chatId, undefined), current.messages) }));
    },
  };
}
