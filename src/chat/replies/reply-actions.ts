import { modelMessagesWithAttachments, threadHasAttachments } from '../message-files/attachment-request';
import { copiesOf, saveMessageWithAttachments, withAttachments } from '../message-files/attachment-send';
import type { AttachmentSettings } from '../attachments';
import type { Attachment } from '../attachments';
import type { ChatModel, ChatModelMessage, ChatModelRegistry } from '../model';
import { alternateRoles, continueMessages } from './continue-request';
import { startGeneration, type Generation, type GenerationFailure, type GenerationRequest, type SavePhase } from './generation';
import { requestChat } from '../library';
import { newId } from '../../lib/ids';
import { modelMessages } from '../model/model-messages';
import { holdReplyLock, type LockManagerLike } from '../tabs';
import { tidyMessageText } from '../shapes';
import type { StoreCore } from '../state';
import { withMember } from '../state';
import type { EditOptions, LibrarySource, ReplyActions, TabStreams } from '../store';
import { createTitleRequests } from './title-requests';
import { answersOf, combineMessages, compareSetting, comparingAt, MAX_COMPARED } from './compare-turn';
import { createToolReplyActions, hasToolServers } from '../tools/tool-reply-actions';
import { indexMessages, resolveLeaf, threadPath } from '../shapes';
import type { Chat, ChatPatch, Comparing, LibraryContents, Message } from '../types';

/**
 * Everything that asks the model for a reply: a new chat's first reply, send, edit and resend,
 * regenerate, stop. A reply to a given user message streams at most once at a time, whoever
 * asks and however often (React StrictMode runs effects twice), except a compare's (issue 38):
 * one per model, siblings, started together.
 */

export interface ReplyDeps {
  models: Pick<ChatModelRegistry, 'get'>;
  locks: LockManagerLike | null;
  /** What the other tabs stream. */
  streams: TabStreams;
  ensureLoaded(chatId: string): Promise<boolean>;
  setGeneratedTitle(chatId: string, title: string): Promise<void>;
  attachments?: AttachmentSettings;
  /** The user's library a request is built with (issue 23); absent: the chat alone, as stored. */
  library?: LibrarySource;
  /** Before a message is sent: compaction makes room when Settings ask it to (issue 24). */
  beforeSend?(chatId: string, draft: string): Promise<{ ok: boolean; reason?: string; message?: string } | undefined>;
}

export { MAX_COMPARED } from './compare-turn';

const NO_LIBRARY: LibraryContents = { presets: [], projects: [] };

/** How long a chat made on the home page waits for its page to ask for the first reply before the store asks itself: longer than a slow page load (the page asks as soon as the chat shows), short enough that a user who left at once still gets the answer. */
export const PENDING_REPLY_GRACE_MS = 5000;

/** A reply that failed before any text or reasoning, with nothing after it: a retry takes its place instead of becoming a sibling. */
function isEmptyFailure(message: Message, list: readonly Message[]): boolean {
  return message.status === 'error' && message.content === '' && !message.reasoning && !list.some((m) => m.parentId === message.id);
}

export function createReplyActions(core: StoreCore, { models, locks, streams, ensureLoaded, setGeneratedTitle, attachments: settings, library, beforeSend }: ReplyDeps): ReplyActions {
  const pending = new Set<string>();
  const byParent = new Map<string, Generation>();
  const running = new Map<string, { generation: Generation; chatId: string; parentId: string }>();
  const titles = createTitleRequests(core, { locks, setGeneratedTitle });

  const isLive = (message: Message) => core.messagesOf(message.chatId)?.some((m) => m.id === message.id) ?? false;

  const persistMessage = async (message: Message, patch?: ChatPatch) => {
    const stored = await core.write(message.chatId, 'save-message', (p) => p.putMessage(message, patch));
    if (stored) core.announce({ type: 'messages', chatId: message.chatId });
  };

  /** `current`: the reply becomes the chat's current branch as it starts (all but a compare's later siblings). */
  const saver = (current: boolean) => (message: Message, phase: SavePhase) => {
    // A save landing after the message (or its chat) was deleted would bring it back.
    if (!isLive(message)) return Promise.resolve();
    if (phase === 'start') return persistMessage(message, { ...(current && { currentLeafId: message.id }), updatedAt: message.createdAt });
    return persistMessage(message, phase === 'end' ? { updatedAt: core.now() } : undefined);
  };
  const save = saver(true);
  const saveSibling = saver(false);

  /** The chat as a request is built from it (instructions, project, defaults: library/system-message.ts); at once when the library is read. */
  const sentChatNow = (chat: Chat): Chat => requestChat(chat, library?.getSnapshot() ?? NO_LIBRARY);
  const sentChat = (chat: Chat): Chat | Promise<Chat> =>
    !library || library.getSnapshot().loaded
      ? sentChatNow(chat)
      : library.init().then(
          () => sentChatNow(chat),
          // The library could not be read (the store said so): the chat goes as it is rather than not at all.
          () => sentChatNow(chat),
        );

  const tools = createToolReplyActions({ core, locks, persistMessage, startReply: (chatId, parentId) => startReply(chatId, parentId), sentChat: sentChatNow });

  const finished = (model: ChatModel, parentId: string) => (message: Message, failure?: GenerationFailure) => {
    running.delete(message.id);
    streams.ended(message.chatId, message.id);
    if (byParent.get(parentId)?.messageId === message.id) {
      // A compared sibling still streaming keeps the parent answered: nothing else starts a reply to it meanwhile.
      const sibling = [...running.values()].find((entry) => entry.parentId === parentId);
      if (sibling) byParent.set(parentId, sibling.generation);
      else byParent.delete(parentId);
    }
    core.update((s) => ({ generating: withMember(s.generating, message.id, false) }));
    if (!isLive(message)) return;
    core.patchChat(message.chatId, { updatedAt: core.now() });
    if (failure) core.events.emit({ kind: 'model-error', chatId: message.chatId, messageId: message.id, ...failure });
    // In a task of its own: building the request is work the reply's final render need not wait for.
    else if (message.status === 'complete') setTimeout(() => titles.ask(model, message), 0);
  };

  /** The request's messages: at once without attachments; with them, once their rows are read. */
  const requestMessages = (chat: Chat, thread: readonly Message[]): ChatModelMessage[] | Promise<ChatModelMessage[]> =>
    threadHasAttachments(thread)
      ? modelMessagesWithAttachments(chat, thread, async (ids) => (await core.persist('load', (p) => p.getAttachments(ids))) ?? [], settings)
      : modelMessages(chat, thread);

  type MessagesFor = (sent: Chat) => ChatModelMessage[] | Promise<ChatModelMessage[]>;

  /** Streams `message` (new, or a partial reply being continued) and tracks it until it settles. */
  const run = (chat: Chat, parentId: string, message: Message, messagesFor: MessagesFor, withTools = true, current = true) => {
    const model = models.get()!;
    core.update((s) => ({ generating: withMember(s.generating, message.id, true) }));
    const requestFor = (sent: Chat): GenerationRequest => {
      const messages = messagesFor(sent);
      return {
        model: sent.model,
        messages: Array.isArray(messages) ? alternateRoles(messages) : messages.then(alternateRoles),
        temperature: sent.temperature,
        maxTokens: sent.maxTokens,
        ...(sent.thinkingBudget !== undefined && { thinkingBudget: sent.thinkingBudget }),
        ...(sent.reasoningEffort && { reasoningEffort: sent.reasoningEffort }),
        ...(withTools && hasToolServers(sent) && { tools: tools.requestTools(sent) }),
      };
    };
    const sent = sentChat(chat);
    const generation = startGeneration({
      model,
      request: sent instanceof Promise ? sent.then(requestFor) : requestFor(sent),
      message,
      now: core.now,
      onUpdate: (next) => {
        if (isLive(next)) core.setMessage(next);
      },
      save: current ? save : saveSibling,
      onFinish: finished(model, parentId),
    });
    if (!byParent.has(parentId)) byParent.set(parentId, generation);
    running.set(message.id, { generation, chatId: chat.id, parentId });
    // Its tool calls are decided once the reply's last save is stored: that save, landing after
    // the calls' states, would store the reply without them (a reload would then forget a pending approval).
    void generation.done.then((final) => {
      const reply = core.findMessage(final.id);
      const stored = reply && core.chat(reply.chatId);
      if (reply) tools.replyFinished(reply, stored && sentChatNow(stored));
    });
    // Announced once the lock is held, so a tab that waits for the lock waits for this reply.
    holdReplyLock(locks, message.id, generation.done, () => {
      if (running.get(message.id)?.generation === generation) streams.started(chat.id, message.id);
    });
  };

  /**
   * Asks for a reply to `parentId`: a new message, or `replacing` (an empty failed attempt) streamed
   * again under its id. `sibling`: one of a compare's later replies, started beside the first
   * (so not the one in flight) and not made the current branch.
   */
  const startReply = (chatId: string, parentId: string, replacing?: Message, withTools = true, model?: string, sibling = false, combines?: readonly Message[]): string | undefined => {
    const inFlight = byParent.get(parentId);
    if (inFlight && !sibling) return inFlight.messageId;
    const stored = core.chat(chatId);
    // Another model for this reply only: the request (and the reply's "Written by") name it.
    const chat = stored && model ? { ...stored, model } : stored;
    const list = core.messagesOf(chatId);
    const parent = list?.find((m) => m.id === parentId);
    // A reply answers the user, or carries on after tool results (issue 16).
    if (!chat || !list || (parent?.role !== 'user' && parent?.role !== 'tool')) return undefined;
    const at = core.now();
    const message: Message = { id: replacing?.id ?? newId(), chatId, parentId, role: 'assistant', content: '', status: 'streaming', createdAt: at };
    if (chat.model) message.model = chat.model;
    if (combines) message.combines = combines.map((answer) => answer.id);
    core.setMessage(message);
    core.patchChat(chatId, { ...(!sibling && { currentLeafId: message.id }), updatedAt: at });

    if (!models.get()) {
      const failed: Message = { ...message, status: 'error', errorCode: 'no-model', error: 'No model is connected' };
      core.setMessage(failed);
      void persistMessage(failed, { ...(!sibling && { currentLeafId: failed.id }), updatedAt: at });
      core.events.emit({ kind: 'model-error', chatId, messageId: failed.id, code: 'no-model', message: failed.error! });
      return failed.id;
    }

    const thread = threadPath(indexMessages(list), parentId);
    const answers = combines?.map((answer) => answer.content);
    run(
      chat,
      parentId,
      message,
      (sent) => {
        const messages = requestMessages(sent, thread);
        if (!answers) return messages;
        return Array.isArray(messages) ? combineMessages(messages, answers) : messages.then((m) => combineMessages(m, answers));
      },
      withTools,
      !sibling,
    );
    return message.id;
  };

  const stopChatHere = (chatId: string) => {
    for (const entry of [...running.values()]) if (entry.chatId === chatId) entry.generation.stop();
    tools.cancelChatTools(chatId);
  };
  const stopChat = (chatId: string) => {
    stopChatHere(chatId);
    streams.stopElsewhere(chatId);
  };

  /** Shows `replies` side by side under `parentId` (issue 38), stored with the chat so a reload and other devices show them so too. */
  const openComparison = (chatId: string, comparing: Comparing | undefined) => {
    core.patchChat(chatId, { comparing });
    void core.write(chatId, 'update-chat', (p) => p.patchChat(chatId, { comparing })).then((stored) => stored && core.announce({ type: 'chat', chatId }));
  };

  /**
   * Adds a user message under `parentId` as the new current leaf, then asks for its reply. With
   * files it is shown only once stored with them (attachment-send.ts); without, at once.
   */
  const addUserMessage = async (
    chatId: string,
    parentId: string | null,
    content: string,
    files: readonly Attachment[] = [],
    revises?: string,
    compared: readonly string[] = [],
    blind = false,
  ) => {
    stopChat(chatId);
    const at = core.now();
    const base: Message = { id: newId(), chatId, parentId, role: 'user', content, status: 'complete', createdAt: at, ...(revises !== undefined && { revises }) };
    const { message, rows } = withAttachments(base, files);
    // A new message closes a comparison left open: the thread goes on from the reply on screen.
    const patch: ChatPatch = { currentLeafId: message.id, updatedAt: at, ...(core.chat(chatId)?.comparing && { comparing: undefined }) };
    if (rows.length > 0) {
      if (!(await saveMessageWithAttachments(core, message, rows, { patch })) || !core.messagesOf(chatId)) return undefined;
      core.announce({ type: 'messages', chatId });
    } else void persistMessage(message, patch);
    core.setMessage(message);
    core.patchChat(chatId, patch);
    if (compared.length === 0) startReply(chatId, message.id);
    else {
      // A compare: one reply per model, in the order given; the first is the current branch.
      const replies = compared.map((model, i) => startReply(chatId, message.id, undefined, true, model, i > 0)).filter((id): id is string => id !== undefined);
      if (replies.length > 1) openComparison(chatId, { parentId: message.id, replies, ...(blind && { blind }) });
    }
    return message.id;
  };

  /** `textOnly`: a PDF chosen to go as page pictures goes as its text (the model refused pictures). */
  const edit = async (messageId: string, text: string, options: EditOptions = {}, textOnly = false) => {
    const original = core.findMessage(messageId);
    const content = tidyMessageText(text);
    if (original?.role !== 'user') return undefined;
    const keep = options.keepAttachments ?? original.attachments?.map((ref) => ref.id) ?? [];
    const kept = new Set(keep);
    const ids = (original.attachments ?? []).filter((ref) => kept.has(ref.id)).map((ref) => ref.id);
    let files = [...(await copiesOf(core, ids)), ...(options.attachments ?? [])];
    if (textOnly) files = files.map((file) => (file.kind === 'pdf' && file.asImages ? { ...file, asImages: false } : file));
    if (content === '' && files.length === 0) return undefined;
    return addUserMessage(original.chatId, original.parentId, content, files);
  };

  const takePendingReply = (chatId: string): boolean => {
    const chat = core.chat(chatId);
    const list = core.messagesOf(chatId);
    if (!pending.has(chatId) || !chat || !list) return false;
    pending.delete(chatId);
    const index = indexMessages(list);
    const leaf = index.byId.get(resolveLeaf(index, chat.currentLeafId) ?? '');
    return leaf?.role === 'user' && startReply(chatId, leaf.id) !== undefined;
  };

  return {
    markPending(chatId) {
      pending.add(chatId);
      // The chat page asks for the reply as it shows the chat; if the user left before it could
      // (back home at once), the store asks itself, so a message is never left unanswered.
      setTimeout(() => void takePendingReply(chatId), PENDING_REPLY_GRACE_MS);
    },
    clearPending: (chatId) => void pending.delete(chatId),
    takePendingReply,
    startReply,
    async sendMessage(chatId, text, options = {}) {
      const content = tidyMessageText(text);
      const files = options.attachments ?? [];
      if ((content === '' && files.length === 0) || !(await ensureLoaded(chatId))) return undefined;
      // The chat's Compare setting, unless the caller named the models (none: `[]`).
      const setting = compareSetting(core.chat(chatId));
      const compared = options.models ?? setting?.models ?? [];
      if (compared.length > MAX_COMPARED) return undefined;
      // Another tab's reply is still being written: it would go to the model half-finished.
      if (streams.streamingElsewhere(chatId)) return undefined;
      // Never in the way of the message: a compaction that fails is said on its own, beside the thread.
      const fitted = await beforeSend?.(chatId, content).catch((error: unknown) => ({ ok: false, reason: 'failed', message: String((error as Error)?.message ?? error) }) as const);
      if (fitted && !fitted.ok && (fitted.reason === 'no-model' || fitted.reason === 'failed' || fitted.reason === 'storage'))
        core.events.emit({ kind: 'compaction-failed', chatId, reason: fitted.reason, ...(fitted.message !== undefined && { message: fitted.message }) });
      const chat = core.chat(chatId);
      const list = core.messagesOf(chatId);
      if (!chat || !list) return undefined;
      return addUserMessage(chatId, resolveLeaf(indexMessages(list), chat.currentLeafId) ?? null, content, files, options.revises, compared, (options.blind ?? (!options.models && setting?.blind)) === true && compared.length > 1);
    },
    editMessage: (messageId, text, options) => edit(messageId, text, options),
    async resendWithoutImages(messageId) {
      const target = core.findMessage(messageId);
      const user = target?.role === 'user' ? target : target?.parentId ? core.findMessage(target.parentId) : undefined;
      if (user?.role !== 'user') return undefined;
      const keep = (user.attachments ?? []).filter((ref) => ref.kind !== 'image').map((ref) => ref.id);
      return edit(user.id, user.content, { keepAttachments: keep }, true);
    },
    regenerate(assistantMessageId, options = {}) {
      const original = core.findMessage(assistantMessageId);
      if (original?.role !== 'assistant' || original.parentId === null) return undefined;
      const { chatId, parentId } = original;
      const chat = core.chat(chatId);
      const open = comparingAt(chat, parentId);
      const compared = open?.replies ?? [original.id];
      if (options.combines) {
        // Combine: one more sibling, written from the compared answers that have text; the others keep streaming.
        const answers = answersOf(options.combines, core.findMessage);
        if (answers.length < 2) return undefined;
        const id = startReply(chatId, parentId, undefined, false, options.model, true, answers);
        if (id) openComparison(chatId, { ...open, parentId, replies: [...(open?.replies ?? answers.map((answer) => answer.id)), id] });
        return id;
      }
      if (options.models?.length) {
        // More models answer beside this reply (and any it is compared with already), up to MAX_COMPARED.
        const answering = compared.filter((id) => !core.findMessage(id)?.combines).length;
        if (answering + options.models.length > MAX_COMPARED) return undefined;
        const ids = options.models.map((model) => startReply(chatId, parentId, undefined, true, model, true)).filter((id): id is string => id !== undefined);
        if (ids.length > 0) openComparison(chatId, { ...open, parentId, replies: [...compared, ...ids] });
        return ids[0];
      }
      const list = core.messagesOf(chatId) ?? [];
      const replacing = isEmptyFailure(original, list) ? original : undefined;
      if (open?.replies.includes(original.id)) {
        // One column asked again: the others go on; the new version takes its column (and the current branch, if it had it).
        running.get(original.id)?.generation.stop();
        const id = startReply(chatId, parentId, replacing, true, options.model, chat?.currentLeafId !== original.id);
        if (id && id !== original.id) openComparison(chatId, { ...open, replies: open.replies.map((reply) => (reply === original.id ? id : reply)) });
        return id;
      }
      // Every reply streaming to that message: a new version takes their turn.
      for (const entry of [...running.values()]) if (entry.parentId === parentId) entry.generation.stop();
      return startReply(chatId, parentId, replacing, true, options.model);
    },
    approveToolCall: tools.approveToolCall,
    denyToolCall: tools.denyToolCall,
    toolsRunningHere: tools.toolsRunningHere,
    resendWithoutTools(messageId) {
      const failed = core.findMessage(messageId);
      if (failed?.role !== 'assistant' || failed.errorCode !== 'tools-unsupported' || failed.parentId === null) return undefined;
      if (byParent.has(failed.parentId)) return undefined;
      const list = core.messagesOf(failed.chatId) ?? [];
      return startReply(failed.chatId, failed.parentId, isEmptyFailure(failed, list) ? failed : undefined, false);
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
      run(chat, parentId, resumed, (sent) => {
        const messages = requestMessages(sent, thread);
        return Array.isArray(messages) ? continueMessages(messages, partial) : messages.then((m) => continueMessages(m, partial));
      });
      return true;
    },
    stop(messageId) {
      const here = running.get(messageId);
      if (here) return here.generation.stop();
      if (tools.cancelTools(messageId)) return;
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
