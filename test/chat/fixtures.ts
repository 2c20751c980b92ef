import type { Chat, Message } from '../../src/chat';

/** Small builders for chat tests: only the fields a test cares about need to be given. */

export function message(id: string, parentId: string | null, createdAt: number, extra: Partial<Message> = {}): Message {
  return {
    id,
    chatId: 'c1',
    parentId,
    role: parentId === null ? 'user' : 'assistant',
    content: `text of ${id}`,
    status: 'complete',
    createdAt,
    ...extra,
  };
}

export function chat(id: string, updatedAt: number, extra: Partial<Chat> = {}): Chat {
  return { id, title: `Chat ${id}`, titleSource: 'auto', createdAt: updatedAt, updatedAt, pinned: false, ...extra };
}
