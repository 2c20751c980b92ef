import type { ChatModelMessage, ChatModelToolCall } from './chat-model';
import type { Chat, Message } from '../types';
import { sentThread, withSummary } from '../shapes';

/** The calls of the thread that a `tool` message answers: only those go back with their assistant turn. */
export function answeredCalls(thread: readonly Message[]): Set<string> {
  return new Set(thread.flatMap((message) => (message.role === 'tool' && message.toolCallId ? [message.toolCallId] : [])));
}

/**
 * One message as the model sees it, or undefined to leave it out. An assistant turn carries its
 * calls only when they were answered: a server refuses a call without its result (Stop, a reload).
 */
export function modelMessageOf(message: Message, answered: ReadonlySet<string>): ChatModelMessage | undefined {
  if (message.role === 'tool') return { role: 'tool', content: message.content, toolCallId: message.toolCallId ?? '', ...(message.isError && { isError: true }) };
  const toolCalls: ChatModelToolCall[] =
    message.role === 'assistant'
      ? (message.toolCalls ?? []).flatMap((call) => (call.id && answered.has(call.id) ? [{ id: call.id, name: call.name, arguments: call.arguments }] : []))
      : [];
  // A reply that failed before any text carries nothing the model should see.
  if (message.role === 'assistant' && message.content === '' && toolCalls.length === 0) return undefined;
  // Thinking blocks go back only with the calls they led to: Anthropic asks for them there, and nowhere else.
  const thinking = toolCalls.length > 0 && message.thinkingBlocks?.length ? message.thinkingBlocks : undefined;
  return {
    role: message.role,
    content: message.content,
    ...(toolCalls.length > 0 && { toolCalls }),
    ...(thinking && { thinkingBlocks: thinking }),
    ...(message.responseId && { responseId: message.responseId }),
  };
}

/** The system message of a request: the chat's system prompt, then the compaction summary in force (issue 24). */
export function systemOf(chat: Chat, summary: string | undefined): ChatModelMessage[] {
  const system = withSummary(chat.systemPrompt, summary);
  return system?.trim() ? [{ role: 'system', content: system }] : [];
}

/**
 * The thread as the model sees it: the system message (with the summary of what a compaction
 * marker stands in for), then every message sent (sentThread: pinned ones and those after the
 * marker) that has text or answered calls.
 */
export function modelMessages(chat: Chat, path: readonly Message[]): ChatModelMessage[] {
  const { summary, messages: thread } = sentThread(path);
  const messages: ChatModelMessage[] = systemOf(chat, summary);
  const answered = answeredCalls(thread);
  for (const message of thread) {
    const sent = modelMessageOf(message, answered);
    if (sent) messages.push(sent);
  }
  return messages;
}
