import { REMOTE_REFRESH_DELAY_MS, type ChangeNotice } from './broadcast';
import type { StoreCore } from './store-core';
import { removeChat, withEntry, withMember } from './store-state';
import type { Message } from './types';

export interface RemoteRefreshHost {
  core: StoreCore;
  init(): Promise<void>;
  /** Stored rows with this tab's streaming replies as they are in memory. */
  withLocalStreams(chatId: string, stored: Message[]): Message[];
  /** The chat was deleted in another tab: stop its replies here. */
  stopChat(chatId: string): void;
  settleAbandoned(chatId: string): void;
}

export interface RemoteRefresh {
  /** Another tab changed a chat (its row, or its messages too). */
  onChange(notice: ChangeNotice): void;
  dispose(): void;
}

/** Reads again, in batches, the chats other tabs changed (the same path storage events take). */
export function createRemoteRefresh(host: RemoteRefreshHost): RemoteRefresh {
  const { core } = host;
  const remote = new Map<string, boolean>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const onChange = (notice: ChangeNotice) => {
    remote.set(notice.chatId, (remote.get(notice.chatId) ?? false) || notice.type === 'messages');
    timer ??= setTimeout(() => {
      timer = undefined;
      const batch = [...remote];
      remote.clear();
      for (const [chatId, withMessages] of batch) void refresh(chatId, withMessages);
    }, REMOTE_REFRESH_DELAY_MS);
  };

  /**
   * Reads a chat again after another tab changed it. A read that overlaps a write of this tab's
   * own could undo it on screen, so it is applied only if no such write started meanwhile;
   * otherwise it is tried again shortly.
   */
  async function refresh(chatId: string, withMessages: boolean) {
    await host.init();
    const before = core.localWrites(chatId);
    const found = before.busy
      ? undefined
      : await core.persist('load', async (p) => ({
          chat: await p.getChat(chatId),
          messages: withMessages && core.messagesOf(chatId) ? await p.listMessages(chatId) : undefined,
        }));
    const after = core.localWrites(chatId);
    if (before.busy || after.busy || after.started !== before.started) {
      onChange({ type: withMessages ? 'messages' : 'chat', chatId });
      return;
    }
    if (!found) return;
    if (!found.chat) {
      if (!core.chat(chatId)) return;
      host.stopChat(chatId);
      core.update((s) => ({
        chats: removeChat(s.chats, chatId),
        messages: withEntry(s.messages, chatId, undefined),
        missing: withMember(s.missing, chatId, true),
      }));
      return;
    }
    core.setChat(found.chat);
    if (!found.messages || !core.messagesOf(chatId)) return;
    core.update((s) => ({ messages: withEntry(s.messages, chatId, host.withLocalStreams(chatId, found.messages!)) }));
    host.settleAbandoned(chatId);
  }

  return { onChange, dispose: () => clearTimeout(timer) };
}
