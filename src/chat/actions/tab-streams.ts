import { waitForReplyLock, type LockManagerLike } from '../tabs';
import type { StoreCore } from '../state';
import type { TabStreams } from '../store';
import { withEntry } from '../state';

/**
 * Which replies stream in which tab. Storage shows another tab's reply only once a second and
 * can't say whether it is still streaming, so tabs tell each other: a tab announces each reply
 * it streams (once it holds the reply's Web Lock) and its end, answers a new tab's question
 * "who streams?", and stops its replies in a chat when another tab asks. The others keep those
 * replies in the snapshot's `remoteStreams`, so every tab shows them streaming, with Stop.
 */

export interface TabStreamsDeps {
  locks: LockManagerLike | null;
  /** Stops this tab's replies in a chat (another tab asked). */
  stopHere(chatId: string): void;
}

export function createTabStreams(core: StoreCore, { locks, stopHere }: TabStreamsDeps): TabStreams {
  /** This tab's announced replies: message id → chat id. */
  const mine = new Map<string, string>();
  /** The latest watch of each remote reply: a watch that ends late must not drop a newer stream of the same message. */
  const watches = new Map<string, object>();

  const forget = (messageId: string) => {
    watches.delete(messageId);
    if (!core.snapshot().remoteStreams.has(messageId)) return;
    core.update((s) => ({ remoteStreams: withEntry(s.remoteStreams, messageId, undefined) }));
  };

  const remember = (chatId: string, messageId: string) => {
    if (core.snapshot().remoteStreams.get(messageId) !== chatId) {
      core.update((s) => ({ remoteStreams: withEntry(s.remoteStreams, messageId, chatId) }));
    }
    if (!locks) return;
    // The streaming tab holds the reply's lock until the reply settles, and the browser releases a
    // closed or crashed tab's locks: getting the lock means the reply no longer streams anywhere.
    const watch = {};
    watches.set(messageId, watch);
    void waitForReplyLock(locks, messageId).then(() => {
      if (watches.get(messageId) === watch) forget(messageId);
    });
  };

  const streamingElsewhere = (chatId: string) => {
    for (const streamChat of core.snapshot().remoteStreams.values()) if (streamChat === chatId) return true;
    return false;
  };

  return {
    receive(notice) {
      switch (notice.type) {
        case 'stream-started':
          remember(notice.chatId, notice.messageId);
          break;
        case 'stream-ended':
          forget(notice.messageId);
          break;
        case 'stop-chat':
          stopHere(notice.chatId);
          break;
        case 'streams-query':
          for (const [messageId, chatId] of mine) core.announce({ type: 'stream-started', chatId, messageId });
          break;
      }
    },
    started(chatId, messageId) {
      mine.set(messageId, chatId);
      core.announce({ type: 'stream-started', chatId, messageId });
    },
    ended(chatId, messageId) {
      if (!mine.delete(messageId)) return;
      core.announce({ type: 'stream-ended', chatId, messageId });
    },
    stopElsewhere(chatId) {
      if (streamingElsewhere(chatId)) core.announce({ type: 'stop-chat', chatId });
    },
    streamingElsewhere,
  };
}
