import { isChangeNotice, type BroadcastLike, type ChangeNotice, type TabNotice } from './broadcast';
import { chatModels, type ChatModelRegistry } from './chat-model';
import { createChatActions, type ChatActions } from './chat-actions';
import { createDraftStore } from './draft-store';
import { createMessageActions, type MessageActions } from './message-actions';
import { openPersistence } from './open-persistence';
import { createReplyActions, type ReplyActions } from './reply-actions';
import { abandonedReplies, browserLocks, type LockManagerLike } from './reply-locks';
import { searchChats, type ChatSearchResult, type SearchChatsOptions } from './search-chats';
import type { EstimateStorage } from './storage-usage';
import { createStoreCore, type PersistenceSource } from './store-core';
import { createTabStreams } from './tab-streams';
import type { ChatStoreEvent } from './store-events';
import { removeChat, withEntry, withMember, type ChatStoreSnapshot } from './store-state';
import { DEFAULT_UNTITLED_TITLE } from './titles';
import { compareMessages } from './tree';
import type { Message } from './types';

/**
 * The chat store (outside React; read through hooks.ts): an immutable snapshot with
 * subscribe/getSnapshot, and the actions. Storage is the source of truth shared by tabs; the
 * snapshot is this tab's view of it, updated at once and written behind.
 */

/** Notices from other tabs within this window are handled together (a streaming tab sends one per save). */
export const REMOTE_REFRESH_DELAY_MS = 50;

export interface ChatStoreOptions {
  /** A persistence, or how to open one (default: IndexedDB with the memory fallback). */
  persistence?: PersistenceSource;
  models?: Pick<ChatModelRegistry, 'get'>;
  now?: () => number;
  /** The cross-tab channel; null for none; default BroadcastChannel('parley') where it exists. */
  broadcast?: BroadcastLike | null;
  /** What an emptied title becomes, in the user's language. */
  untitledTitle?: string;
  /** Where 'pagehide' and 'visibilitychange' fire, to save drafts before the page goes. */
  win?: EventTarget | null;
  doc?: (EventTarget & { visibilityState?: string }) | null;
  /** Web Locks, to tell a reply streaming in another tab from one a crashed tab left behind. */
  locks?: LockManagerLike | null;
  /** How full storage is, for the storage-full warning; null for none; default navigator.storage.estimate. */
  estimateStorage?: EstimateStorage | null;
}

export interface ChatStore
  extends ChatActions,
    MessageActions,
    Pick<ReplyActions, 'takePendingReply' | 'startReply' | 'sendMessage' | 'editMessage' | 'regenerate' | 'continueReply' | 'stop' | 'stopChat'> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): ChatStoreSnapshot;
  /** Opens storage and loads the chat list; safe to call any number of times. */
  init(): Promise<void>;
  /** Loads a chat's messages; false when there is no such chat. */
  loadChat(id: string): Promise<boolean>;
  getDraft(key: string): Promise<string>;
  setDraft(key: string, text: string): void;
  /** The draft in memory; undefined until loaded. */
  peekDraft(key: string): string | undefined;
  subscribeDraft(key: string, listener: () => void): () => void;
  flushDrafts(): Promise<void>;
  getSetting<T = unknown>(key: string): Promise<T | undefined>;
  putSetting(key: string, value: unknown): Promise<void>;
  search(query: string, options?: SearchChatsOptions): Promise<ChatSearchResult[]>;
  /** Writes again what storage refused (the user's "Try again"); true when everything is saved. */
  retrySaves(): Promise<boolean>;
  onError(listener: (event: ChatStoreEvent) => void): () => void;
  dispose(): void;
}

export function createChatStore(options: ChatStoreOptions = {}): ChatStore {
  const now = options.now ?? Date.now;
  const remote = new Map<string, boolean>();
  let remoteTimer: ReturnType<typeof setTimeout> | undefined;
  const onNotice = (notice: TabNotice) => {
    if (isChangeNotice(notice)) onChange(notice);
    else streams.receive(notice);
  };
  const onChange = (notice: ChangeNotice) => {
    remote.set(notice.chatId, (remote.get(notice.chatId) ?? false) || notice.type === 'messages');
    remoteTimer ??= setTimeout(() => {
      remoteTimer = undefined;
      const batch = [...remote];
      remote.clear();
      for (const [chatId, withMessages] of batch) void refresh(chatId, withMessages);
    }, REMOTE_REFRESH_DELAY_MS);
  };

  const core = createStoreCore({
    persistence: options.persistence ?? (() => openPersistence()),
    now,
    broadcast: options.broadcast,
    onNotice,
    win: options.win,
    doc: options.doc,
    estimateStorage: options.estimateStorage,
  });
  const locks = options.locks === undefined ? browserLocks() : options.locks;
  const streams = createTabStreams(core, { locks, stopHere: (chatId) => replies.stopChatHere(chatId) });
  const drafts = createDraftStore({ persist: core.persist, now, win: options.win, doc: options.doc });
  const loads = new Map<string, Promise<boolean>>();
  let initialized: Promise<void> | undefined;

  const init = () =>
    (initialized ??= (async () => {
      const { persistence, reason } = await core.persistence();
      core.update(() => ({ storage: persistence.kind }));
      if (reason) core.events.emit({ kind: 'storage-unavailable', reason: reason.message });
      const chats = await core.persist('load', (p) => p.listChats());
      core.update(() => ({ status: 'ready', chats: chats ?? [] }));
    })());

  /** Stored rows, with the replies streaming in this tab as in memory: memory is ahead of storage for those. */
  const withLocalStreams = (chatId: string, stored: Message[]): Message[] => {
    const { generating, messages } = core.snapshot();
    const byId = new Map(stored.map((message) => [message.id, message]));
    for (const message of messages.get(chatId) ?? []) if (generating.has(message.id)) byId.set(message.id, message);
    return [...byId.values()].sort(compareMessages);
  };

  const loadChat = async (id: string): Promise<boolean> => {
    await init();
    if (core.messagesOf(id)) return true;
    let loading = loads.get(id);
    if (!loading) {
      loading = (async () => {
        const found = await core.persist('load', (p) => Promise.all([p.getChat(id), p.listMessages(id)]));
        if (!found) return false;
        const [chat, messages] = found;
        if (!chat) {
          core.update((s) => ({ missing: withMember(s.missing, id, true) }));
          return false;
        }
        if (!core.chat(id)) core.setChat(chat);
        if (!core.messagesOf(id)) core.update((s) => ({ messages: withEntry(s.messages, id, messages) }));
        void settleAbandoned(id);
        return true;
      })().finally(() => loads.delete(id));
      loads.set(id, loading);
    }
    return loading;
  };

  /**
   * Reads a chat again after another tab changed it. A read that overlaps a write of this tab's
   * own could undo it on screen, so it is applied only if no such write started meanwhile;
   * otherwise it is tried again shortly.
   */
  async function refresh(chatId: string, withMessages: boolean) {
    await init();
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
      replies.stopChat(chatId);
      core.update((s) => ({
        chats: removeChat(s.chats, chatId),
        messages: withEntry(s.messages, chatId, undefined),
        missing: withMember(s.missing, chatId, true),
      }));
      return;
    }
    core.setChat(found.chat);
    if (!found.messages || !core.messagesOf(chatId)) return;
    core.update((s) => ({ messages: withEntry(s.messages, chatId, withLocalStreams(chatId, found.messages!)) }));
    void settleAbandoned(chatId);
  }

  /** A reply stored as streaming by a tab that is gone is shown, and stored, as stopped. */
  async function settleAbandoned(chatId: string) {
    const ids = await abandonedReplies(locks, core.messagesOf(chatId) ?? [], core.snapshot().generating);
    for (const id of ids) {
      const message = core.findMessage(id);
      if (message?.status !== 'streaming' || core.snapshot().generating.has(id)) continue;
      const stopped: Message = { ...message, status: 'stopped' };
      core.setMessage(stopped);
      await core.write(chatId, 'save-message', (p) => p.putMessage(stopped));
    }
  }

  const ensureLoaded = (chatId: string) => loadChat(chatId);
  let chatActions: ChatActions | undefined;
  const replies = createReplyActions(core, {
    models: options.models ?? chatModels,
    locks,
    streams,
    ensureLoaded,
    setGeneratedTitle: async (chatId, title) => chatActions?.setChatTitle(chatId, title, 'generated'),
  });
  // A tab that opens while another streams shows that reply as streaming too.
  streams.ask();
  chatActions = createChatActions(core, replies, options.untitledTitle ?? DEFAULT_UNTITLED_TITLE);
  const messageActions = createMessageActions(core, replies);

  return {
    subscribe: core.subscribe,
    getSnapshot: core.snapshot,
    init,
    loadChat,
    async createChat(input) {
      await init();
      return chatActions.createChat(input);
    },
    renameChat: chatActions.renameChat,
    updateChatSettings: chatActions.updateChatSettings,
    setChatTitle: chatActions.setChatTitle,
    pinChat: chatActions.pinChat,
    deleteChat: chatActions.deleteChat,
    selectBranch: messageActions.selectBranch,
    deleteMessage: messageActions.deleteMessage,
    takePendingReply: replies.takePendingReply,
    startReply: replies.startReply,
    sendMessage: replies.sendMessage,
    editMessage: replies.editMessage,
    regenerate: replies.regenerate,
    continueReply: replies.continueReply,
    stop: replies.stop,
    stopChat: replies.stopChat,
    getDraft: drafts.load,
    setDraft: drafts.set,
    peekDraft: drafts.peek,
    subscribeDraft: drafts.subscribe,
    flushDrafts: drafts.flush,
    getSetting: async <T>(key: string) => core.persist('load', (p) => p.getSetting<T>(key)),
    putSetting: async (key, value) => void (await core.persist('save-setting', (p) => p.putSetting(key, value))),
    async search(query, searchOptions) {
      await init();
      const { persistence } = await core.persistence();
      return searchChats(core.snapshot().chats, persistence, query, searchOptions);
    },
    retrySaves: core.retrySaves,
    onError: core.events.on,
    dispose() {
      clearTimeout(remoteTimer);
      replies.stopAll();
      void drafts.flush();
      drafts.dispose();
      core.close();
    },
  };
}
