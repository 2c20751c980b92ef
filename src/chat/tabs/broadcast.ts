/**
 * Cross-tab notices (SPEC B5: open tabs stay consistent). A tab announces which chat changed;
 * the others read that chat again from storage. Storage stays the single source of truth, so a
 * lost or late notice can't leave a tab with data that was never stored. Replies streaming in a
 * tab are announced too, so every tab shows them as streaming and can stop them.
 */

export const BROADCAST_CHANNEL_NAME = 'parley';

/** The part of BroadcastChannel the store uses; injectable for tests and absent environments. */
export interface BroadcastLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

/** 'chat': the chat row changed (created, renamed, pinned, deleted, restored); 'messages': its messages too. */
export interface ChangeNotice {
  type: 'chat' | 'messages';
  chatId: string;
}

/**
 * Replies streaming in one tab, told to the others (which can only see them in storage once a
 * second): a tab starts and ends one, asks another to stop one, or (when it opens) asks who streams.
 */
export type StreamNotice =
  | { type: 'stream-started' | 'stream-ended'; chatId: string; messageId: string }
  | { type: 'stop-chat'; chatId: string }
  | { type: 'streams-query' };

export type TabNotice = ChangeNotice | StreamNotice;

export const isChangeNotice = (notice: TabNotice): notice is ChangeNotice => notice.type === 'chat' || notice.type === 'messages';

type WireNotice = TabNotice & {
  app: typeof BROADCAST_CHANNEL_NAME;
  from: string;
};

export interface ChangeBroadcast {
  post(notice: TabNotice): void;
  close(): void;
}

export function openBroadcastChannel(): BroadcastLike | null {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(BROADCAST_CHANNEL_NAME) : null;
}

const isId = (value: unknown) => typeof value === 'string' && value !== '';

/** A notice from another tab of this app, checked field by field: anything else on the channel is ignored. */
function readNotice(data: unknown, tabId: string): TabNotice | undefined {
  const notice = data as Partial<Record<'app' | 'from' | 'type' | 'chatId' | 'messageId', unknown>> | null;
  if (typeof notice !== 'object' || notice === null || notice.app !== BROADCAST_CHANNEL_NAME) return undefined;
  if (!isId(notice.from) || notice.from === tabId) return undefined;
  const { chatId, messageId } = notice;
  switch (notice.type) {
    case 'chat':
    case 'messages':
    case 'stop-chat':
      return isId(chatId) ? { type: notice.type, chatId: chatId as string } : undefined;
    case 'stream-started':
    case 'stream-ended':
      return isId(chatId) && isId(messageId) ? { type: notice.type, chatId: chatId as string, messageId: messageId as string } : undefined;
    case 'streams-query':
      return { type: notice.type };
    default:
      return undefined;
  }
}

/** Sends and receives notices on `channel`, ignoring this tab's own (`tabId`). */
export function connectBroadcast(
  channel: BroadcastLike | null,
  tabId: string,
  onNotice: (notice: TabNotice) => void,
): ChangeBroadcast {
  if (!channel) return { post() {}, close() {} };
  const listener = (event: MessageEvent) => {
    const notice = readNotice(event.data, tabId);
    if (notice) onNotice(notice);
  };
  channel.addEventListener('message', listener);
  return {
    post(notice) {
      try {
        channel.postMessage({ ...notice, app: BROADCAST_CHANNEL_NAME, from: tabId } satisfies WireNotice);
      } catch {
        // A closed channel (the page is going away) has no one left to tell.
      }
    },
    close() {
      channel.removeEventListener('message', listener);
      channel.close();
    },
  };
}

/** Notices from other tabs within this window are handled together (a streaming tab sends one per save). */
export const REMOTE_REFRESH_DELAY_MS = 50;
