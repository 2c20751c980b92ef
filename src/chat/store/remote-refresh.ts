import { REMOTE_REFRESH_DELAY_MS, type ChangeNotice } from '../tabs';
import type { StoreCore } from '../state';
import { chatBefore, removeChat, upsertChat, withEntry, withMember } from '../state';
import type { Chat, Message } from '../types';

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

/** Several chats upserted at once: one pass and one sort (here, not in store-state.ts: the first screen never needs it). */
function upsertChats(chats: readonly Chat[], changed: readonly Chat[]): readonly Chat[] {
  if (changed.length === 1) return upsertChat(chats, changed[0]!);
  const ids = new Set(changed.map((chat) => chat.id));
  return [...chats.filter((c) => !ids.has(c.id)), ...changed].sort((a, b) => (chatBefore(a, b) ? -1 : chatBefore(b, a) ? 1 : 0));
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
      void refresh(batch);
    }, REMOTE_REFRESH_DELAY_MS);
  };

  /** One chat read again: undefined when a write of this tab's own overlapped it (tried again shortly). */
  async function read(chatId: string, withMessages: boolean) {
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
      return undefined;
    }
    return found && { chatId, ...found };
  }

  /**
   * Reads again the chats other tabs (or sync) changed. A read that overlaps a write of this
   * tab's own could undo it on screen, so it is applied only if no such write started meanwhile.
   * The batch is applied in one update: a large sync announces chats by the hundred, and one
   * update per chat would render the history once per chat.
   */
  async function refresh(batch: readonly (readonly [string, boolean])[]) {
    await host.init();
    const results = (await Promise.all(batch.map(([chatId, withMessages]) => read(chatId, withMessages)))).filter((r) => r !== undefined);
    const gone = results.filter((r) => !r.chat && core.chat(r.chatId)).map((r) => r.chatId);
    const present = results.filter((r) => r.chat);
    if (gone.length === 0 && present.length === 0) return;
    for (const chatId of gone) host.stopChat(chatId);
    const refreshed: string[] = [];
    core.update((s) => {
      let { chats, messages, missing } = s;
      for (const chatId of gone) {
        chats = removeChat(chats, chatId);
        messages = withEntry(messages, chatId, undefined);
        missing = withMember(missing, chatId, true);
      }
      chats = upsertChats(chats, present.map((r) => r.chat!));
      missing = present.reduce((set, r) => withMember(set, r.chatId, false), missing);
      for (const r of present) {
        if (!r.messages || !messages.get(r.chatId)) continue;
        messages = withEntry(messages, r.chatId, host.withLocalStreams(r.chatId, r.messages));
        refreshed.push(r.chatId);
      }
      return { chats, messages, missing };
    });
    for (const chatId of refreshed) host.settleAbandoned(chatId);
  }

  return { onChange, dispose: () => clearTimeout(timer) };
}
