import type { ToolReplies, ToolRepliesHost } from './tool-replies';
import type { OpenAiTool } from './tools/tool-names';
import type { Chat, Message } from './types';

/**
 * The reply actions' door to the tools loop (tool-replies.ts): its code, and the tools settings
 * it reads, load only once a chat with tool servers needs them (a chat without tools never does).
 */

export interface ToolReplyActions {
  /** The request's `tools` for a chat with tool servers; undefined for one without (nothing loads). */
  requestTools(chat: Chat): Promise<OpenAiTool[] | undefined> | undefined;
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

export const hasToolServers = (chat: Chat | undefined): boolean => (chat?.toolServers?.length ?? 0) > 0;

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

  return {
    requestTools: (chat) => (hasToolServers(chat) ? load().then((tools) => tools.requestTools(chat)) : undefined),
    replyFinished(reply, chat) {
      if (reply.status !== 'complete' || !reply.toolCalls?.length || !hasToolServers(chat)) return;
      withLoaded((tools) => tools.afterReply(reply));
    },
    approveToolCall: (messageId, callId, always) => withLoaded((tools) => tools.approve(messageId, callId, always)),
    denyToolCall: (messageId, callId) => withLoaded((tools) => tools.deny(messageId, callId)),
    cancelTools(messageId) {
      if (loaded) return loaded.cancel(messageId);
      // Calls run only where the code has loaded; pending ones (left by a reload) are cancelled once it has.
      if (!host.core.findMessage(messageId)?.toolCalls?.some((call) => call.state === 'pending')) return false;
      withLoaded((tools) => tools.cancel(messageId));
      return true;
    },
    cancelChatTools: (chatId) => loaded?.cancelChat(chatId),
    toolsRunningHere: (messageId) => loaded?.isRunning(messageId) ?? false,
  };
}
