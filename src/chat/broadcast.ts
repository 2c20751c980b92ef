/**
 * Cross-tab change notices (SPEC B5: open tabs stay consistent). A tab announces which chat
 * changed; the others read that chat again from storage. Storage stays the single source of
 * truth, so a lost or late notice can't leave a tab with data that was never stored.
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

interface WireNotice extends ChangeNotice {
  app: typeof BROADCAST_CHANNEL_NAME;
  from: string;
}

export interface ChangeBroadcast {
  post(notice: ChangeNotice): void;
  close(): void;
}

export function openBroadcastChannel(): BroadcastLike | null {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(BROADCAST_CHANNEL_NAME) : null;
}

function isWireNotice(data: unknown): data is WireNotice {
  const notice = data as Partial<WireNotice> | null;
  return (
    typeof notice === 'object' &&
    notice !== null &&
    notice.app === BROADCAST_CHANNEL_NAME &&
    typeof notice.from === 'string' &&
    typeof notice.chatId === 'string' &&
    (notice.type === 'chat' || notice.type === 'messages')
  );
}

/** Sends and receives notices on `channel`, ignoring this tab's own (`tabId`). */
export function connectBroadcast(
  channel: BroadcastLike | null,
  tabId: string,
  onNotice: (notice: ChangeNotice) => void,
): ChangeBroadcast {
  if (!channel) return { post() {}, close() {} };
  const listener = (event: MessageEvent) => {
    if (isWireNotice(event.data) && event.data.from !== tabId) {
      onNotice({ type: event.data.type, chatId: event.data.chatId });
    }
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
