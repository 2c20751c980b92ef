import { createContext, useContext } from 'react';

/**
 * What a message needs from its page, provided once with a stable identity so that memoised
 * messages never re-render because of it.
 */
export interface ThreadServices {
  readonly chatId: string;
  /** Keep the end of the thread in view (a reply was asked for). */
  follow(): void;
  /** Where focus goes when the element that had it is gone for good (a deleted message). */
  focusThread(): void;
  /** Where focus goes after asking for a reply: the next thing to do is type, or Stop. */
  focusComposer(): void;
  /** Said politely by screen readers (the branch shown, "2 of 3"). */
  announce(text: string): void;
  /**
   * Moving between branches replaces the message (and so its buttons) with its sibling: the
   * sibling's control with the same key takes focus when it mounts.
   */
  requestFocus(key: string): void;
  takeFocus(key: string): boolean;
  /** Asks a message to open its editor (↑ in an empty message box edits your last message). */
  requestEdit(messageId: string): void;
  /** A message listens for requests to edit it; returns the way to stop. */
  onEditRequest(messageId: string, listener: () => void): () => void;
}

export const ThreadContext = createContext<ThreadServices | null>(null);

export function useThreadServices(): ThreadServices {
  const services = useContext(ThreadContext);
  if (!services) throw new Error('useThreadServices must be used inside the chat thread');
  return services;
}
