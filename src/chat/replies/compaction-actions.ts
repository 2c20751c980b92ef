/**
 * "Summarise earlier messages" and what follows it (issue 24): the summary request, the marker
 * written with the message re-parented under it in one transaction, editing and undoing a
 * marker, and pinning a message so compaction always sends it verbatim.
 */
import { textTokens } from '../attachments';
import type { ChatModelRegistry } from '../model';
import { newId } from '../../lib/ids';
import { indexMessages, resolveLeaf, threadPath } from '../shapes';
import type { StoreCore } from '../state';
import type { CompactionActions, CompactOptions, CompactResult } from '../store';
import type { Chat, Compaction, Message } from '../types';
import { defaultCompactionPoint, dropPoint, markerRows, planCompaction, requestTokens, summaryRequest } from './compaction-plan';

/** Settings → Chats: the model that writes summaries; unset, the chat's own. */
export const SUMMARY_MODEL_SETTING = 'compaction.summaryModel';
/** Settings → Chats: what happens when a chat outgrows the model's context. */
export const WHEN_FULL_SETTING = 'compaction.whenFull';
/** `ask` (the default): nothing automatic; the meter and the send say so. */
export type WhenFull = 'ask' | 'summarise' | 'drop';
/** The contract is the store's (store/actions-api.ts); the chat page takes its options and results from here, with the settings above. */
export type { CompactionActions, CompactOptions, CompactResult };

export interface CompactionDeps {
  models: Pick<ChatModelRegistry, 'get'>;
  /** The chat's model's context length in tokens, when its server said. */
  contextLength(chat: Chat): number | undefined;
  /** The chat as a request is built from it (its whole system message: instructions, project, files); default: as stored. */
  sentChat?(chat: Chat): Chat;
  /** The model's learnt ratio of reported to estimated tokens (the meter's calibration); default: none. */
  calibration?(model: string | undefined): number | undefined;
}

const isAbort = (error: unknown, signal: AbortSignal | undefined) => signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');

export function createCompactionActions(core: StoreCore, { models, contextLength, sentChat = (chat) => chat, calibration = () => undefined }: CompactionDeps): CompactionActions {
  const rewrite = async (message: Message) => {
    core.setMessage(message);
    const stored = await core.write(message.chatId, 'save-message', (p) => p.putMessage(message));
    if (stored) core.announce({ type: 'messages', chatId: message.chatId });
  };

  const summaryModel = async (chatModel: string | undefined, chosen: string | undefined) =>
    chosen ?? (await core.persist('load', (p) => p.getSetting<string>(SUMMARY_MODEL_SETTING))) ?? chatModel;

  /** The summary streamed from the model; throws as the model does. */
  const summarise = async (messages: ReturnType<typeof summaryRequest>, model: string | undefined, signal: AbortSignal) => {
    const chatModel = models.get()!;
    let text = '';
    for await (const delta of chatModel.stream({ model, messages, signal })) if (delta.type === 'content') text += delta.text;
    return text.trim();
  };

  const currentThread = (chatId: string) => {
    const chat = core.chat(chatId);
    const list = core.messagesOf(chatId);
    if (!chat || !list) return undefined;
    const index = indexMessages(list);
    return { chat, thread: threadPath(index, resolveLeaf(index, chat.currentLeafId) ?? undefined) };
  };

  const compactChat: CompactionActions['compactChat'] = async (chatId, options = {}) => {
      const current = currentThread(chatId);
      if (!current) return { ok: false, reason: 'nothing' };
      const { chat, thread } = current;
      const upTo = options.upTo ?? defaultCompactionPoint(thread);
      const plan = upTo === undefined ? undefined : planCompaction(thread, upTo);
      if (!plan) return { ok: false, reason: 'nothing' };
      const mode = options.mode ?? 'summary';
      let content = '';
      let model: string | undefined;
      if (mode === 'summary') {
        if (!models.get()) return { ok: false, reason: 'no-model' };
        model = await summaryModel(chat.model, options.model);
        const controller = new AbortController();
        const abort = () => controller.abort();
        options.signal?.addEventListener('abort', abort);
        try {
          if (options.signal?.aborted) throw new DOMException('Cancelled', 'AbortError');
          content = await summarise(summaryRequest(plan), model, controller.signal);
        } catch (error) {
          if (isAbort(error, options.signal)) return { ok: false, reason: 'cancelled' };
          return { ok: false, reason: 'failed', message: error instanceof Error ? error.message : String(error) };
        } finally {
          options.signal?.removeEventListener('abort', abort);
        }
        if (options.signal?.aborted) return { ok: false, reason: 'cancelled' };
        if (!content) return { ok: false, reason: 'failed', message: 'The model wrote no summary.' };
      }
      // The thread may have moved while the summary was written: the point must still be where it was.
      const now = core.messagesOf(chatId);
      const stillThere = now?.find((message) => message.id === plan.lastCovered.id);
      const next = plan.next && now?.find((message) => message.id === plan.next!.id);
      if (!stillThere || (plan.next && next?.parentId !== plan.lastCovered.id)) return { ok: false, reason: 'failed', message: 'The conversation changed while it was being summarised.' };
      const rows = markerRows({ ...plan, next }, { id: newId(), createdAt: core.now() }, content, {
        mode,
        ...(model !== undefined && { model }),
        ...(options.automatic && { automatic: true }),
      });
      // Summarised up to the leaf: the marker becomes it, so the next message goes under it.
      const patch = next ? undefined : { currentLeafId: rows[0]!.id };
      const stored = await core.write(chatId, 'save-message', (p) => p.putMessages(chatId, rows, patch));
      if (!stored) return { ok: false, reason: 'storage' };
      for (const row of rows) core.setMessage(row);
      if (patch) core.patchChat(chatId, patch);
      core.announce({ type: 'messages', chatId });
      return { ok: true, markerId: rows[0]!.id };
  };

  return {
    compactChat,

    async fitBeforeSend(chatId, draft) {
      const current = currentThread(chatId);
      const limit = current && contextLength(current.chat);
      if (!current || limit === undefined) return undefined;
      // Measured as the meter measures it: the whole system message, calibrated for the model.
      const sent = sentChat(current.chat);
      const ratio = calibration(sent.model) ?? 1;
      if (requestTokens(sent, current.thread, draft, ratio) <= limit) return undefined;
      const choice = await core.persist('load', (p) => p.getSetting<WhenFull>(WHEN_FULL_SETTING));
      // A summary that cannot be written is said beside the thread; the message still goes.
      if (choice === 'summarise') return compactChat(chatId, { automatic: true });
      if (choice !== 'drop') return undefined;
      const upTo = dropPoint(sent, current.thread, draft, limit, ratio);
      return upTo === undefined ? undefined : compactChat(chatId, { automatic: true, mode: 'drop', upTo });
    },

    async editSummary(markerId, summary) {
      const marker = core.findMessage(markerId);
      const text = summary.trim();
      if (!marker?.compaction || marker.compaction.mode !== 'summary' || !text) return;
      await rewrite({ ...marker, content: text, compaction: { ...marker.compaction, edited: true, tokensAfter: textTokens(text) } });
    },

    async setUndone(markerId, undone) {
      const marker = core.findMessage(markerId);
      if (!marker?.compaction) return;
      const compaction: Compaction = { ...marker.compaction };
      if (undone) compaction.undone = true;
      else delete compaction.undone;
      await rewrite({ ...marker, compaction });
    },

    async setPinned(messageId, pinned) {
      const message = core.findMessage(messageId);
      if (!message || message.compaction) return;
      const next: Message = { ...message };
      if (pinned) next.pinned = true;
      else delete next.pinned;
      await rewrite(next);
    },
  };
}
