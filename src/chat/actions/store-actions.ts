import { isChangeNotice } from '../tabs';
import { createChatActions } from './chat-actions';
import { chatModels } from '../model';
import { getConnectionsStore } from '../connections';
import { knownCalibration, knownContext } from '../connections/context-settings-instance';
import { tellLocalChange } from '../tabs';
import { createMessageActions } from './message-actions';
import { createCompactionActions } from '../replies/compaction-actions';
import { createReplyActions } from '../replies/reply-actions';
import { abandonedReplies, browserLocks } from '../tabs';
import type { StoreCore } from '../state';
import type { ChatActions, StoreActions, StoreActionsOptions } from '../store';
import { createTabStreams } from './tab-streams';
import { DEFAULT_UNTITLED_TITLE } from '../shapes';
import { continueUnder, unansweredToolTail } from '../tools/tool-reply-actions';
import type { Message } from '../types';
import { getLibraryStore, requestChat } from '../library';

/**
 * Everything the chat store does beyond reading: sending and streaming replies, titles, chat and
 * message actions, the streams of other tabs. Loaded by chat-store.ts on first use (and right
 * after the first paint), so the first screen carries only the reading part.
 */

export function createStoreActions(shared: StoreCore, options: StoreActionsOptions): StoreActions {
  // Every write of an action is announced to the other tabs: sync hears of it the same way.
  const core: StoreCore = {
    ...shared,
    announce(notice) {
      shared.announce(notice);
      if (isChangeNotice(notice)) tellLocalChange(notice.chatId);
    },
  };
  const locks = options.locks === undefined ? browserLocks() : options.locks;
  const streams = createTabStreams(core, { locks, stopHere: (chatId) => replies.stopChatHere(chatId) });
  let chats: ChatActions | undefined;
  const library = options.library === 'app' ? getLibraryStore() : options.library;
  const compaction = createCompactionActions(core, {
    models: options.models ?? chatModels,
    // The figure the meter shows: what the user set, what a local server runs, the model list.
    contextLength: options.contextLength ?? ((chat) => knownContext(getConnectionsStore().getSnapshot(), chat.model)?.tokens),
    sentChat: (chat) => requestChat(chat, library?.getSnapshot() ?? { presets: [], projects: [] }),
    calibration: knownCalibration,
  });
  const replies = createReplyActions(core, {
    beforeSend: compaction.fitBeforeSend,
    models: options.models ?? chatModels,
    locks,
    streams,
    ensureLoaded: options.ensureLoaded,
    attachments: options.attachments,
    library,
    setGeneratedTitle: async (chatId, title) => chats?.setChatTitle(chatId, title, 'generated'),
  });
  chats = createChatActions(core, replies, options.untitledTitle ?? DEFAULT_UNTITLED_TITLE);

  async function settleAbandonedReplies(chatId: string) {
    const ids = await abandonedReplies(locks, core.messagesOf(chatId) ?? [], core.snapshot().generating);
    for (const id of ids) {
      const message = core.findMessage(id);
      if (message?.status !== 'streaming' || core.snapshot().generating.has(id)) continue;
      const stopped: Message = { ...message, status: 'stopped' };
      core.setMessage(stopped);
      await core.write(chatId, 'save-message', (p) => p.putMessage(stopped));
    }
  }

  /**
   * Tool calls stored as running by a tab that is gone are cancelled, never run again (issue 16).
   * Their tab holds the reply's lock while they run; without Web Locks this tab is the only one.
   */
  async function settleAbandonedCalls(chatId: string) {
    const candidates = (core.messagesOf(chatId) ?? []).filter(
      (m) => m.toolCalls?.some((call) => call.state === 'running') && !replies.toolsRunningHere(m.id),
    );
    if (candidates.length === 0) return;
    const ids = locks
      ? await abandonedReplies(locks, candidates.map((m) => ({ ...m, status: 'streaming' as const })), new Set())
      : candidates.map((m) => m.id);
    for (const id of ids) {
      const message = core.findMessage(id);
      if (!message?.toolCalls || replies.toolsRunningHere(id)) continue;
      const cancelled: Message = { ...message, toolCalls: message.toolCalls.map((call) => (call.state === 'running' ? { ...call, state: 'cancelled' } : call)) };
      core.setMessage(cancelled);
      await core.write(chatId, 'save-message', (p) => p.putMessage(cancelled));
    }
  }

  /** Tool chains this tab has tried to continue: each is asked for once. */
  const continued = new Set<string>();

  /** A reload between a turn's last tool result and the next reply: the model is asked now, by one tab. */
  async function continueToolChain(chatId: string) {
    const tail = unansweredToolTail(core.chat(chatId), core.messagesOf(chatId) ?? []);
    if (!tail || continued.has(tail.id)) return;
    continued.add(tail.id);
    await continueUnder({ core, locks, startReply: replies.startReply }, chatId, tail.id, true);
  }

  return {
    chats,
    messages: createMessageActions(core, replies),
    replies,
    streams,
    compaction,
    settleAbandoned: async (chatId) => {
      await Promise.all([settleAbandonedReplies(chatId), settleAbandonedCalls(chatId)]);
      // Not awaited: the lock is held for as long as the reply it asks for streams.
      void continueToolChain(chatId);
    },
  };
}
