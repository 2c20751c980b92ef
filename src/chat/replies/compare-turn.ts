/** A compare's turn (issue 38): the comparison a chat holds open, and the request that combines its answers. */
import type { ChatModelMessage } from '../model';
import type { Chat, Comparing, Message } from '../types';
import { alternateRoles } from './continue-request';
export { compareSetting, MAX_COMPARED } from './compare-setting';

/**
 * What a combining model is asked, after the conversation: the answers as plain numbered text,
 * never their models' names (a blind comparison's answers are combined before anyone knows whose
 * they were, and a model should judge the text, not the name).
 */
export const COMBINE_INSTRUCTION =
  'Several assistants answered my last message. Their answers follow. Write one answer to my last message that keeps what is right and useful in each, corrects what is wrong, and reads as a single answer. Do not mention the assistants or that there were several answers.';

/** The combining request: the conversation up to the question, then the answers to combine. */
export function combineMessages(messages: readonly ChatModelMessage[], answers: readonly string[]): ChatModelMessage[] {
  const text = [COMBINE_INSTRUCTION, ...answers.map((answer, i) => `Answer ${i + 1}:\n${answer.trim()}`)].join('\n\n');
  const last = messages.at(-1);
  // A question with pictures keeps them: the instruction goes in as one more text part of it.
  if (last?.role === 'user' && Array.isArray(last.content)) return [...messages.slice(0, -1), { ...last, content: [...last.content, { type: 'text', text }] }];
  return alternateRoles([...messages, { role: 'user', content: text }]);
}

/** The comparison open under `parentId`, if the chat holds one there. */
export const comparingAt = (chat: Chat | undefined, parentId: string | null): Comparing | undefined =>
  chat?.comparing && chat.comparing.parentId === parentId ? chat.comparing : undefined;

/** The answers a combine reads: the compared replies that have text, in the comparison's order. */
export function answersOf(replies: readonly string[], find: (id: string) => Message | undefined): Message[] {
  return replies.map(find).filter((message): message is Message => message?.role === 'assistant' && message.content.trim() !== '' && !message.combines);
}
