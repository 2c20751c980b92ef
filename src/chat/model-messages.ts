import type { ChatModelMessage } from './chat-model';
import type { Chat, Message } from './types';

/** The thread as the model sees it: the chat's system prompt, then every message with text. */
export function modelMessages(chat: Chat, thread: readonly Message[]): ChatModelMessage[] {
  const messages: ChatModelMessage[] = [];
  if (chat.systemPrompt?.trim()) messages.push({ role: 'system', content: chat.systemPrompt });
  for (const message of thread) {
    // A reply that failed before any text carries nothing the model should see.
    if (message.role === 'assistant' && message.content === '') continue;
    messages.push({ role: message.role, content: message.content });
  }
  return messages;
}
