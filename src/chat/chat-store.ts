import type { StoredAttachment } from './attachment-rows';
import type { AttachmentSettings } from './attachment-settings';
import type { Attachment } from './attachments/types';
import { isChangeNotice, type BroadcastLike, type ChangeNotice, type StreamNotice, type TabNotice } from './broadcast';
import type { ChatModelRegistry } from './chat-model';
import type { ChatPersistence } from './persistence';
import type { ChatActions } from './chat-actions';
import { createDraftStore } from './draft-store';
import type { MessageActions } from './message-actions';
import { openPersistence } from './open-persistence';
import type { ReplyActions } from './reply-actions';
import type { LockManagerLike } from './reply-locks';
import type { ChatSearchResult, SearchChatsOptions } from './search-chats';
import type { ChatExport } from './export';
import type { EstimateStorage } from './storage-usage';
import type { StorageUsage } from './store-events';
import type { StoreActions } from './store-actions';
import { createStoreCore, type PersistenceSource } from './store-core';
import type { ChatStoreEvent } from './store-events';
import { removeChat, withEntry, withMember, type ChatStoreSnapshot } from './store-state';
import { compareMessages } from './tree';
import type { Message } from './types';

/**
 * The chat store (outside React; read through hooks.ts): an immutable snapshot with
 * subscribe/getSnapshot, and the actions. Storage is the source of truth shared by tabs; the
 * snapshot is this tab's view of it, updated at once and written behind.
 *
 * Reading (the history, a chat, drafts, settings) is here, in the first screen; the actions
 * (store-actions.ts) load on first use or when the app preloads them (`preloadActions`). A
 * chat's messages enter the snapshot only once the actions are there, so the synchronous
 * actions (stop, regenerate, continue…) act exactly as before: until then there is nothing
 * they could act on.
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
  /** Worker scripts and settings for attached files (the app passes the build's worker addresses). */
  attachments?: AttachmentSettings;
}

/** What the draft attachments (draft-attachments.ts) need of the store they belong to. */
export interface AttachmentHost {
  readonly settings: AttachmentSettings;
  persistence(): Promise<ChatPersistence>;
  usage(): Promise<StorageUsage | undefined>;
}

export interface ChatStore
  extends ChatActions,
    MessageActions,
    Pick<
      ReplyActions,
      'takePendingReply' | 'startReply' | 'sendMessage' | 'editMessage' | 'resendWithoutImages' | 'regenerate' | 'continueReply' | 'stop' | 'stopChat'
    > {
  subscribe(listener: () => void): () => void;
  getSnapshot(): ChatStoreSnapshot;
  /** Opens storage and loads the chat list; safe to call any number of times. */
  init(): Promise<void>;
  /** Loads the code of the actions ahead of their first use (the app does, right after the first paint). */
  preloadActions(): Promise<void>;
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
  /** One attachment with its bytes (the thread's thumbnails and viewer load them lazily, by id). */
  loadAttachment(id: string): Promise<Attachment | undefined>;
  /** A picture's bytes (a PDF's own file), for a thumbnail or the viewer. */
  loadAttachmentBlob(id: string): Promise<Blob | undefined>;
  /** The chat as stored, with its files as base64 (export.ts); undefined for an unknown chat. */
  exportChat(chatId: string, exportedAt?: number): Promise<ChatExport | undefined>;
  /** For draft-attachments.ts: storage and settings. */
  attachmentHost(): AttachmentHost;
  dispose(): void;
}

export function createChatStore(options: ChatStoreOptions = {}): ChatStore {
  const now = options.now ?? Date.now;
  const remote = new Map<string, boolean>();
  let remoteTimer: ReturnType<typeof setTimeout> | undefined;
  const onNotice = (notice: TabNotice) => {
    if (isChangeNotice(notice)) onChange(notice);
    else onStreamNotice(notice);
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
  const drafts = createDraftStore({ persist: core.persist, now, win: options.win, doc: options.doc });
  const loads = new Map<string, Promise<boolean>>();
  let initialized: Promise<void> | undefined;
  let actions: StoreActions | undefined;
  let actionsLoading: Promise<StoreActions> | undefined;
  let disposed = false;

  const loadActions = (): Promise<StoreActions> =>
    (actionsLoading ??= Promise.all([import('./store-actions'), core.loadUnsaved()]).then(
      ([{ createStoreActions }]) =>
        (actions ??= createStoreActions(core, {
          models: options.models,
          locks: options.locks,
          untitledTitle: options.untitledTitle,
          attachments: options.attachments,
          ensureLoaded: (chatId) => loadChat(chatId),
        })),
      (error: unknown) => {
        // A chunk that failed to load (offline, a redeploy) is asked for again on next use.
        actionsLoading = undefined;
        throw error;
      },
    ));

  /** Runs an action at once when loaded (as it always did), else once its code is there. */
  const act =
    <A extends unknown[], R>(pick: (loaded: StoreActions) => (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      actions ? pick(actions)(...args) : loadActions().then((loaded) => pick(loaded)(...args));

  /**
   * Another tab's streams. Until the actions load nothing streams here and no other tab's reply
   * is known, so only a reply starting elsewhere needs them; notices that come while they load
   * are handled after, in order.
   */
  const onStreamNotice = (notice: StreamNotice) => {
    if (actions) return actions.streams.receive(notice);
    if (!actionsLoading && notice.type !== 'stream-started') return;
    void loadActions().then(
      (loaded) => !disposed && loaded.streams.receive(notice),
      () => {},
    );
  };

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

  const settleAbandoned = (chatId: string) => void actions?.settleAbandoned(chatId);

  const loadChat = async (id: string): Promise<boolean> => {
    await init();
    if (core.messagesOf(id)) return true;
    let loading = loads.get(id);
    if (!loading) {
      loading = (async () => {
        // Read while the actions load: what the chat shows can be acted on once it is shown.
        const [found] = await Promise.all([
          core.persist('load', (p) => Promise.all([p.getChat(id), p.listMessages(id)])),
          loadActions().catch(() => undefined),
        ]);
        if (!found) return false;
        const [chat, messages] = found;
        if (!chat) {
          core.update((s) => ({ missing: withMember(s.missing, id, true) }));
          return false;
        }
        if (!core.chat(id)) core.setChat(chat);
        if (!core.messagesOf(id)) core.update((s) => ({ messages: withEntry(s.messages, id, messages) }));
        settleAbandoned(id);
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
      actions?.replies.stopChat(chatId);
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
    settleAbandoned(chatId);
  }

  const loadAttachment = async (id: string): Promise<StoredAttachment | undefined> =>
    (await core.persist('load', (p) => p.getAttachments([id])))?.[0];
  const host: AttachmentHost = {
    settings: options.attachments ?? {},
    persistence: async () => (await core.persistence()).persistence,
    usage: () => core.usage(),
  };

  // A tab that opens while another streams shows that reply as streaming too.
  core.announce({ type: 'streams-query' });

  return {
    subscribe: core.subscribe,
    getSnapshot: core.snapshot,
    init,
    loadChat,
    preloadActions: () => loadActions().then(() => {}),
    async createChat(input) {
      await init();
      return (actions ?? (await loadActions())).chats.createChat(input);
    },
    renameChat: act((a) => a.chats.renameChat),
    updateChatSettings: act((a) => a.chats.updateChatSettings),
    setChatTitle: act((a) => a.chats.setChatTitle),
    pinChat: act((a) => a.chats.pinChat),
    deleteChat: act((a) => a.chats.deleteChat),
    selectBranch: act((a) => a.messages.selectBranch),
    deleteMessage: act((a) => a.messages.deleteMessage),
    sendMessage: act((a) => a.replies.sendMessage),
    editMessage: act((a) => a.replies.editMessage),
    resendWithoutImages: act((a) => a.replies.resendWithoutImages),
    // Before the actions load no chat's messages are in the snapshot: none of these has anything to act on.
    takePendingReply: (chatId) => actions?.replies.takePendingReply(chatId) ?? false,
    startReply: (chatId, parentId) => actions?.replies.startReply(chatId, parentId),
    regenerate: (messageId) => actions?.replies.regenerate(messageId),
    continueReply: (messageId) => actions?.replies.continueReply(messageId) ?? false,
    stop: (messageId) => actions?.replies.stop(messageId),
    stopChat: (chatId) => actions?.replies.stopChat(chatId),
    getDraft: drafts.load,
    setDraft: drafts.set,
    peekDraft: drafts.peek,
    subscribeDraft: drafts.subscribe,
    flushDrafts: drafts.flush,
    getSetting: async <T>(key: string) => core.persist('load', (p) => p.getSetting<T>(key)),
    putSetting: async (key, value) => void (await core.persist('save-setting', (p) => p.putSetting(key, value))),
    async search(query, searchOptions) {
      await init();
      // Only the search palette searches: its code loads with the first search.
      const [{ persistence }, { searchChats }] = await Promise.all([core.persistence(), import('./search-chats')]);
      return searchChats(core.snapshot().chats, persistence, query, searchOptions);
    },
    retrySaves: core.retrySaves,
    onError: core.events.on,
    loadAttachment,
    async loadAttachmentBlob(id) {
      const row = await loadAttachment(id);
      return row?.kind === 'image' ? row.blob : row?.kind === 'pdf' ? row.source : undefined;
    },
    attachmentHost: () => host,
    async exportChat(chatId, exportedAt) {
      await init();
      const found = await core.persist('load', (p) => Promise.all([p.getChat(chatId), p.listMessages(chatId), p.listChatAttachments(chatId)]));
      if (!found?.[0]) return undefined;
      const [chat, stored, rows] = found;
      // Export is rare: its code (and base64) loads with the first one.
      const { buildChatExport, exportAttachments } = await import('./export');
      const messages = withLocalStreams(chatId, stored);
      return buildChatExport(core.chat(chatId) ?? chat, messages, exportedAt, await exportAttachments(rows));
    },
    dispose() {
      disposed = true;
      clearTimeout(remoteTimer);
      actions?.replies.stopAll();
      void drafts.flush();
      drafts.dispose();
      core.close();
    },
  };
}
