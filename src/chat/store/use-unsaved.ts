import { useChatStore } from './hooks';

/** Whether what the screen shows is stored: each a boolean, so a mark re-renders only when it flips. */

/** The message isn't stored (new, or changed since it was). */
export const useUnsavedMessage = (messageId: string): boolean => useChatStore((s) => s.unsaved.messages.has(messageId));

/** The chat's own row isn't stored as shown: a new chat, its title or its settings. */
export const useUnsavedChat = (chatId: string): boolean => useChatStore((s) => s.unsaved.chats.has(chatId));

/** Anything of the chat isn't stored, its messages included. */
export const useChatHasUnsaved = (chatId: string): boolean => useChatStore((s) => s.unsaved.chatsWithChanges.has(chatId));
