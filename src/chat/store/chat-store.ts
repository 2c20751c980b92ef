import type { StoredAttachment } from '../persistence';
import { isChangeNotice, type ChangeNotice, type StreamNotice, type TabNotice } from '../tabs/broadcast';
import type { AttachmentHost, ChatStore, ChatStoreOptions } from './chat-store-api';
import { createDraftStore } from '../state';
import { createMessageRetention } from './message-retention';
import { openPersistence } from '../persistence';
import type { RemoteRefresh } from './remote-refresh';
import type { StoreActions } from './actions-api';
import { createStoreCore } from '../state';
import { withEntry, withMember } from '../state';
import { loadStoreActions } from './store-parts';
import { compareMessages } from '../persistence';
import type { Message } from '../types';

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
export { REMOTE_REFRESH_DELAY_MS } from '../tabs/broadcast';
export type { AttachmentHost, ChatStore, ChatStoreOptions } from './chat-store-api';

export function createChatStore(options: ChatStoreOptions = {}): ChatStore {
  const now = options.now ?? Date.now;
  const onNotice = (notice: TabNotice) => {
    if (isChangeNotice(notice)) onChangeNotice(notice);
    else onStreamNotice(notice);
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
  const retention = createMessageRetention(core);
  const loads = new Map<string, Promise<boolean>>();
  let initialized: Promise<void> | undefined;
  let actions: StoreActions | undefined;
  let actionsLoading: Promise<StoreActions> | undefined;
  let disposed = false;

  const loadActions = (): Promise<StoreActions> =>
    (actionsLoading ??= Promise.all([loadStoreActions(), core.loadUnsaved()]).then(
      ([{ createStoreActions }]) =>
        (actions ??= createStoreActions(core, {
          models: options.models,
          locks: options.locks,
          untitledTitle: options.untitledTitle,
          attachments: options.attachments,
          library: options.library,
          contextLength: options.contextLength,
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
    retention.touch(id);
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
        retention.release();
        return true;
      })().finally(() => loads.delete(id));
      loads.set(id, loading);
    }
    return loading;
  };

  // Another tab's changes are read again by remote-refresh.ts, loaded with the first one (a tab
  // alone never needs it); notices that come while it loads are handled after, in order.
  let remote: RemoteRefresh | undefined;
  let remoteLoading: Promise<RemoteRefresh> | undefined;
  const onChangeNotice = (notice: ChangeNotice) => {
    if (remote) return remote.onChange(notice);
    remoteLoading ??= import('./remote-refresh').then(
      (module) =>
        (remote = module.createRemoteRefresh({
          core,
          init,
          withLocalStreams,
          stopChat: (chatId) => actions?.replies.stopChat(chatId),
          settleAbandoned,
        })),
      (error: unknown) => {
        remoteLoading = undefined;
        throw error;
      },
    );
    remoteLoading.then((loaded) => !disposed && loaded.onChange(notice), () => {});
  };

  // A file from another device whose bytes stayed on the sync server is fetched now (issue 15).
  const loadAttachment = async (id: string): Promise<StoredAttachment | undefined> =>
    (await core.persist('load', (p) => p.getAttachments([id])))?.[0] ??
    // Loaded only then: a row is missing only with sync on, which has loaded it already.
    (await import('./missing-attachments')).fetchMissingAttachment(id);
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
    compactChat: act((a) => a.compaction.compactChat),
    compaction: act((a) => async () => a.compaction),
    // Before the actions load no chat's messages are in the snapshot: none of these has anything to act on.
    takePendingReply: (chatId) => actions?.replies.takePendingReply(chatId) ?? false,
    startReply: (chatId, parentId) => actions?.replies.startReply(chatId, parentId),
    regenerate: (messageId, options) => actions?.replies.regenerate(messageId, options),
    continueReply: (messageId) => actions?.replies.continueReply(messageId) ?? false,
    approveToolCall: (messageId, callId, always) => actions?.replies.approveToolCall(messageId, callId, always),
    denyToolCall: (messageId, callId) => actions?.replies.denyToolCall(messageId, callId),
    resendWithoutTools: (messageId) => actions?.replies.resendWithoutTools(messageId),
    stop: (messageId) => actions?.replies.stop(messageId),
    stopChat: (chatId) => actions?.replies.stopChat(chatId),
    getDraft: drafts.load,
    setDraft: drafts.set,
    peekDraft: drafts.peek,
    subscribeDraft: drafts.subscribe,
    flushDrafts: drafts.flush,
    getSetting: async <T>(key: string) => core.persist('load', (p) => p.getSetting<T>(key)),
    putSetting: async (key, value) => void (await core.persist('save-setting', (p) => p.putSetting(key, value))),
    withStorage: (operation, run) => core.persist(operation, run),
    async search(query, searchOptions) {
      await init();
      // Only the search palette searches: its code loads with the first search.
      const [{ persistence }, { searchChats }] = await Promise.all([core.persistence(), import('../search-index/search-chats')]);
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
      // Export is rare: its code (and base64) loads with the first one.
      return (await import('./chat-export')).exportStoredChat(core, chatId, exportedAt, withLocalStreams);
    },
    dispose() {
      disposed = true;
      remote?.dispose();
      actions?.replies.stopAll();
      void drafts.flush();
      drafts.dispose();
      core.close();
    },
  };
}
