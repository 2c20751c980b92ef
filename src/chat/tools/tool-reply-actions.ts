import { waitForReplyLock } from '../tabs';
import type { ToolReplies, ToolRepliesHost } from './tool-replies';
import type { OpenAiTool } from './tool-names';
import { chainTail, isSettled } from './tool-steps';
import { indexMessages, resolveLeaf } from '../shapes';
import type { Chat, Message } from '../types';

/**
 * The reply actions' door to the tools loop (tool-replies.ts): its code, and the tools settings
 * it reads, load only once a chat with tool servers needs them (a chat without tools never does).
 */

export interface ToolReplyActions {
  /** The request's `tools` for a chat with tool servers; undefined for one without (nothing loads). */
  requestTools(chat: Chat): Promise<RequestOffer | undefined> | undefined;
  /** A reply settled: one that ended in calls in a chat with tool servers starts the loop. */
  replyFinished(reply: Message, chat: Chat | undefined): void;
  approveToolCall(messageId: string, callId: string, always?: boolean): void;
  denyToolCall(messageId: string, callId: string): void;
  /** Stop: true when the reply's calls were pending or running (now cancelled). */
  cancelTools(messageId: string): boolean;
  cancelChatTools(chatId: string): void;
  /** Whether calls of this reply are running in this tab. */
  toolsRunningHere(messageId: string): boolean;
}

/** One tab at a time asks the model to go on after a tool chain, so two tabs never both ask. */
const CONTINUE_LOCK_PREFIX = 'parley-tool-continue:';

/**
 * The `tool` message a chat was left on by a reload between its turn's last result and the next
 * reply: every call of that reply settled (none cancelled: a Stop means nothing goes on), the chain
 * complete, nothing under it. The model is asked under it (`continueUnder`).
 */
export function unansweredToolTail(chat: Chat | undefined, list: readonly Message[]): Message | undefined {
  if (!chat || list.length === 0) return undefined;
  const index = indexMessages(list);
  const leaf = index.byId.get(resolveLeaf(index, chat.currentLeafId) ?? '');
  if (leaf?.role !== 'tool') return undefined;
  let reply: Message | undefined = leaf;
  while (reply?.role === 'tool') reply = index.byId.get(reply.parentId ?? '');
  if (reply?.role !== 'assistant' || !reply.toolCalls?.length) return undefined;
  if (!reply.toolCalls.every((call) => isSettled(call) && call.state !== 'cancelled')) return undefined;
  return chainTail(reply, list).id === leaf.id && !list.some((m) => m.parentId === leaf.id) ? leaf : undefined;
}

/**
 * Asks for the reply under a chain's last `tool` message, holding the chain's lock until that reply
 * ends: a tab that gets the lock after it finds the reply (stored: `checkStored`) and asks nothing.
 */
export async function continueUnder(host: Pick<ToolRepliesHost, 'core' | 'locks' | 'startReply'>, chatId: string, tailId: string, checkStored = false): Promise<void> {
  const { core, locks } = host;
  const answered = (list: readonly Message[] | undefined) => list?.some((m) => m.parentId === tailId) ?? false;
  const task = async () => {
    if (answered(core.messagesOf(chatId))) return;
    if (checkStored && (answered(await core.persist('load', (p) => p.listMessages(chatId))) || answered(core.messagesOf(chatId)))) return;
    const id = host.startReply(chatId, tailId);
    if (id !== undefined && locks) await waitForReplyLock(locks, id);
  };
  if (!locks) return task();
  await locks.request(CONTINUE_LOCK_PREFIX + tailId, task).catch(() => {});
}

/** What a request offers the model: tools to call, and whether the provider's own web search (issue 37). */
export interface RequestOffer {
  tools?: OpenAiTool[];
  webSearch?: boolean;
}

/** Whether a chat (as sent: its defaults applied) offers tools: servers on, or web search (issue 37). */
export const hasToolServers = (chat: Chat | undefined): boolean => !!chat?.toolServers?.length || chat?.webSearch === true;

export function createToolReplyActions(host: ToolRepliesHost): ToolReplyActions {
  let loaded: ToolReplies | undefined;
  let loading: Promise<ToolReplies> | undefined;
  const load = () =>
    (loading ??= import('./tool-replies').then(
      (module) => (loaded = module.createToolReplies(host)),
      (error: unknown) => {
        // A chunk that failed to download may load on the next try.
        loading = undefined;
        throw error;
      },
    ));
  // A failure to load the code leaves the calls as they are (pending, or undecided): the user can try again.
  const withLoaded = (task: (tools: ToolReplies) => unknown) => void load().then(task).catch(() => {});

  const cancelTools = (messageId: string): boolean => {
    if (loaded) return loaded.cancel(messageId);
    // Calls run only where the code has loaded; pending ones (left by a reload) are cancelled once it has.
    if (!host.core.findMessage(messageId)?.toolCalls?.some((call) => call.state === 'pending')) return false;
    withLoaded((tools) => tools.cancel(messageId));
    return true;
  };

  return {
    requestTools: (chat) => (hasToolServers(chat) ? load().then((tools) => tools.requestTools(chat)) : undefined),
    replyFinished(reply, chat) {
      // A reply under search results cites them by [n] (issue 37): read where the tools' code is, loaded already since they ran.
      if (reply.parentId !== null && host.core.findMessage(reply.parentId)?.role === 'tool') withLoaded((tools) => tools.citeTurnSources(reply));
      if (reply.status !== 'complete' || !reply.toolCalls?.length || !hasToolServers(chat)) return;
      withLoaded((tools) => tools.afterReply(reply));
    },
    approveToolCall: (messageId, callId, always) => withLoaded((tools) => tools.approve(messageId, callId, always)),
    denyToolCall: (messageId, callId) => withLoaded((tools) => tools.deny(messageId, callId)),
    cancelTools,
    cancelChatTools(chatId) {
      if (loaded) return loaded.cancelChat(chatId);
      for (const message of host.core.messagesOf(chatId) ?? []) if (message.role === 'assistant') cancelTools(message.id);
    },
    toolsRunningHere: (messageId) => loaded?.isRunning(messageId) ?? false,
  };
}
