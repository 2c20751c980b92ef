// "Ask the model to fix it": an artifact's error sent as the chat's next message, as typed messages are.
import { createContext } from 'react';
import { getChatStore } from '../../../chat';
import { getMessageQueue } from '../../../chat/queue';
import { t } from '../chat-text';

/** What a preview's error offers, when the page around it can send (the chat page provides it). */
export type AskToFix = (error: { message: string; line: number | null }, language: string) => void;

export const AskToFixContext = createContext<AskToFix | null>(null);

/** The message: which block failed, where, and the error as the artifact threw it (in a fence: it is the artifact's text, not ours). */
export function fixRequestText(error: { message: string; line: number | null }, language: string): string {
  const where = error.line === null ? t('artifact.fix.request', { language: language.toUpperCase() }) : t('artifact.fix.requestAtLine', { language: language.toUpperCase(), line: error.line });
  // A fence longer than any run of backticks in the message, so the message cannot close it.
  const longest = Math.max(2, ...(error.message.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${where}\n\n${fence}\n${error.message}\n${fence}\n\n${t('artifact.fix.ask')}`;
}

/**
 * Sends it now, or, while a reply streams, queues it to go when that reply ends (as the message
 * box does): a send the store refuses says why on the thread, and nothing is typed over.
 */
export function sendFixRequest(chatId: string, text: string): Promise<unknown> {
  const store = getChatStore();
  // A reply streams here or in another tab (the snapshot's set, read as useChatReplying reads it).
  if (store.getSnapshot().replyingChats.has(chatId)) return getMessageQueue().enqueue(chatId, text);
  return store.sendMessage(chatId, text);
}
