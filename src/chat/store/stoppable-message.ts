import { useChatStore } from './hooks';
import { replyingMessageId, type ChatStoreSnapshot } from '../state';

/**
 * What the chat's Stop stops (issue 16). A file of its own, not hooks.ts: only the chat page asks,
 * and hooks.ts is on the first screen, whose budget has no room for it.
 */

/** A reply of the chat whose tool calls wait for approval or run: Stop cancels them as it stops a stream. */
export function toolsBusyMessageId(s: ChatStoreSnapshot, chatId: string): string | undefined {
  return s.messages.get(chatId)?.findLast((m) => m.toolCalls?.some((call) => call.state === 'pending' || call.state === 'running'))?.id;
}

/** The streaming reply, or else a reply whose tool calls are pending or running. */
export function useStoppableMessageId(chatId: string): string | undefined {
  return useChatStore((s) => replyingMessageId(s, chatId) ?? toolsBusyMessageId(s, chatId));
}
