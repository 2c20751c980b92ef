import type { ChatModel, ChatModelMessage, ChatModelRegistry } from './chat-model';
import { alternateRoles, continueMessages } from './continue-request';
import { startGeneration, type Generation, type GenerationFailure, type SavePhase } from './generation';
import { newId } from './ids';
import { modelMessages } from './model-messages';
import { holdReplyLock, type LockManagerLike } from './reply-locks';
import { tidyMessageText } from './message-text';
import type { StoreCore } from './store-core';
import { withMember } from './store-state';
import type { TabStreams } from './tab-streams';
import { createTitleRequests } from './title-requests';
import { indexMessages, resolveLeaf, threadPath } from './tree';
import type { Chat, ChatPatch, Message } from './types';

/**
 * Everything that asks the model for a reply: a new chat's first reply, send, edit and resend,
 * regenerate, stop. A reply to a given user message streams at most once at a time, whoever
 * asks and however often (React StrictMode runs effects twice).
 */

export interface ReplyActions {
  markPending(chatId: string): void;
  clearPending(chatId: string): void;
  takePendingReply(chatId: string): boolean;
  startReply(chatId: string, parentUserMessageId: string): string | undefined;
  sendMessage(chatId: string, text: string): Promise<string | undefined>;
  editMessage(messageId: string, text: string): Promise<string | undefined>;
  regenerate(assistantMessageId: string): string | undefined;
  /** Asks the model to carry on a reply that broke off, was stopped or hit the length limit; the text is appended to it. */
  continueReply(assistantMessageId: string): boolean;
  /** Stops a reply, streaming in this tab or another. */
  stop(messageId: string): void;
  /** Stops the chat's replies, in this tab and the others. */
  stopChat(chatId: string): void;
  /** Stops the chat's replies streaming in this tab only (another tab asked). */
  stopChatHere(chatId: string): void;
  stopAll(): void;
}

export interface ReplyDeps {
  models: Pick<ChatModelRegistry, 'get'>;
  locks: LockManagerLike | null;
  /** What the other tabs stream. */
  streams: TabStreams;
  ensureLoaded(chatId: string): Promise<boolean>;
  setGeneratedTitle(chatId: string, title: string): Promise<void>;
}

/** A reply that failed before any text or reasoning, with nothing after it: a retry takes its place instead of becoming a sibling. */
function isEmptyFailure(message: Message, list: readonly Message[]): boolean {
  return message.status === 'error' && message.content === '' && !message.reasoning && !list.some((m) => m.parentId === message.id);
}

export function createReplyActions(core: StoreCore, { models, locks, streams, ensureLoaded, setGeneratedTitle }: ReplyDeps): ReplyActions {
  const pending = new Set<string>();
  const byParent = new Map<string, Generation>();
  const running = new Map<string, { generation: Generation; chatId: string; parentId: string }>();
  const titles = createTitleRequests(core, { locks, setGeneratedTitle });

  const isLive = (message: Message) => core.messagesOf(message.chatId)?.some((m) => m.id === message.id) ?? false;

  const persistMessage = async (message: Message, patch?: ChatPatch) => {
    const stored = await core.write(message.chatId, 'save-message', (p) => p.putMessage(message, patch));
    if (stored) core.announce({ type: 'messages', chatId: message.chatId });
  };

  const save = (message: Message, phase: SavePhase) => {
    // A save landing after the message (or its chat) was deleted would bring it back.
    if (!isLive(message)) return Promise.resolve();
    if (phase === 'start') return persistMessage(message, { currentLeafId: message.id, updatedAt: message.createdAt });
    return persistMessage(message, phase === 'end' ? { updatedAt: core.now() } : undefined);
  };

  const finished = (model: ChatModel, parentId: string) => (message: Message, failure?: GenerationFailure) => {
    running.delete(message.id);
    streams.ended(message.chatId, message.id);
    if (byParent.get(parentId)?.messageId === message.id) byParent.delete(parentId);
    core.update((s) => ({ generating: withMember(s.generating, message.id, false) }));
    if (!isLive(message)) return;
    core.patchChat(message.chatId, { updatedAt: core.now() });
    if (failure) core.events.emit({ kind: 'model-error', chatId: message.chatId, messageId: message.id, ...failure });
    // In a task of its own: building the request is work the reply's final render need not wait for.
    else if (message.status === 'complete') setTimeout(() => titles.ask(model, message), 0);
  };

  /** Streams `message` (new, or a partial reply being continued) and tracks it until it settles. */
  const run = (chat: Chat, parentId: string, message: Message, messages: ChatModelMessage[]) => {
    const model = models.get()!;
    core.update((s) => ({ generating: withMember(s.generating, message.id, true) }));
    const generation = startGeneration({
      model,
      request: { model: chat.model, messages: alternateRoles(messages), temperature: chat.temperature, maxTokens: chat.maxTokens },
      message,
      now: core.now,
      onUpdate: (next) => {
        if (isLive(next)) core.setMessage(next);
      },
      save,
      onFinish: finished(model, parentId),
    });
    byParent.set(parentId, generation);
    running.set(message.id, { generation, chatId: chat.id, parentId });
    // Announced once the lock is held, so a tab that waits for the lock waits for this reply.
    holdReplyLock(locks, message.id, generation.done, () => {
      if (running.get(message.id)?.generation === generation) streams.started(chat.id, message.id);
    });
  };

  /** Asks for a reply to `parentId`: a new message, or `replacing` (an empty failed attempt) streamed again under its id. */
  const startReply = (chatId: string, parentId: string, replacing?: Message): string | undefined => {
    const inFlight = byParent.get(parentId);
    if (inFlight) return inFlight.messageId;
    const chat = core.chat(chatId);
    const list = core.messagesOf(chatId);
    const parent = list?.find((m) => m.id === parentId);
    if (!chat || !list || parent?.role !== 'user') return undefined;
    const at = core.now();
    const message: Message = { id: replacing?.id ?? newId(), chatId, parentId, role: 'assistant', content: '', status: 'streaming', createdAt: at };
    if (chat.model) message.model = chat.model;
    core.setMessage(message);
    core.patchChat(chatId, { currentLeafId: message.id, updatedAt: at });

    const model = models.get();
    if (!model) {
      const failed: Message = { ...message, status: 'error', errorCode: 'no-model', error: 'No model is connected' };
      core.setMessage(failed);
      void persistMessage(failed, { currentLeafId: failed.id, updatedAt: at });
      core.events.emit({ kind: 'model-error', chatId, messageId: failed.id, code: 'no-model', message: failed.error! });
      return failed.id;
    }

    run(chat, parentId, message, modelMessages(chat, threadPath(indexMessages(list), parentId)));
    return message.id;
  };

  const stopChatHere = (chatId: string) => {
    for (const entry of [...running.values()]) if (entry.chatId === chatId) entry.generation.stop();
  };
  const stopChat = (chatId: string) => {
    stopChatHere(chatId);
    streams.stopElsewhere(chatId);
  };

  /** Adds a user message under `parentId` as the new current leaf, then asks for its reply. */
  const addUserMessage = (chatId: string, parentId: string | null, content: string) => {
    stopChat(chatId);
    const at = core.now();
    const message: Message = { id: newId(), chatId, parentId, role: 'user', content, status: 'complete', createdAt: at };
    core.setMessage(message);
    core.patchChat(chatId, { currentLeafId: message.id, updatedAt: at });
    void persistMessage(message, { currentLeafId: message.id, updatedAt: at });
    startReply(chatId, message.id);
    return message.id;
  };

  return {
    markPending: (chatId) => void pending.add(chatId),
    clearPending: (chatId) => void pending.delete(chatId),
    takePendingReply(chatId) {
      const chat = core.chat(chatId);
      const list = core.messagesOf(chatId);
      if (!pending.has(chatId) || !chat || !list) return false;
      pending.delete(chatId);
      const index = indexMessages(list);
      const leaf = index.byId.get(resolveLeaf(index, chat.currentLeafId) ?? '');
      return leaf?.role === 'user' && startReply(chatId, leaf.id) !== undefined;
    },
    startReply,
    async sendMessage(chatId, text) {
      const content = tidyMessageText(text);
      if (content === '' || !(await ensureLoaded(chatId))) return undefined;
      // Another tab's reply is still being written: it would go to the model half-finished.
      if (streams.streamingElsewhere(chatId)) return undefined;
      const chat = core.chat(chatId);
      const list = core.messagesOf(chatId);
      if (!chat || !list) return undefined;
      return addUserMessage(chatId, resolveLeaf(indexMessages(list), chat.currentLeafId) ?? null, content);
    },
    async editMessage(messageId, text) {
      const original = core.findMessage(messageId);
      const content = tidyMessageText(text);
      if (original?.role !== 'user' || content === '') return undefined;
      return addUserMessage(original.chatId, original.parentId, content);
    },
    regenerate(assistantMessageId) {
      const original = core.findMessage(assistantMessageId);
      if (original?.role !== 'assistant' || original.parentId === null) return undefined;
      byParent.get(original.parentId)?.stop();
      const list = core.messagesOf(original.chatId) ?? [];
      return startReply(original.chatId, original.parentId, isEmptyFailure(original, list) ? original : undefined);
    },
    continueReply(assistantMessageId) {
      const partial = core.findMessage(assistantMessageId);
      const chat = partial && core.chat(partial.chatId);
      const list = partial && core.messagesOf(partial.chatId);
      if (!partial || !chat || !list || partial.role !== 'assistant' || partial.parentId === null) return false;
      if (partial.status === 'streaming' || (partial.content === '' && !partial.reasoning) || !models.get()) return false;
      const { parentId } = partial;
      if (byParent.has(parentId)) return false;
      const resumed: Message = {
        ...partial,
        status: 'streaming',
        error: undefined,
        errorCode: undefined,
        errorReason: undefined,
        retryAfterMs: undefined,
        retryAt: undefined,
        finishReason: undefined,
      };
      core.setMessage(resumed);
      core.patchChat(chat.id, { currentLeafId: resumed.id, updatedAt: core.now() });
      const thread = threadPath(indexMessages(list), parentId);
      run(chat, parentId, resumed, continueMessages(modelMessages(chat, thread), partial));
      return true;
    },
    stop(messageId) {
      const here = running.get(messageId);
      if (here) return here.generation.stop();
      const elsewhere = core.snapshot().remoteStreams.get(messageId);
      if (elsewhere !== undefined) streams.stopElsewhere(elsewhere);
    },
    stopChat,
    stopChatHere,
    stopAll: () => {
      for (const entry of [...running.values()]) entry.generation.stop();
    },
  };
}
