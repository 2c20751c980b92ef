import { useEffect, type RefObject } from 'react';
import { getChatStore } from '../../../chat';
import { indexMessages, threadPath } from '../../../chat/shapes';

/**
 * Opens a chat at one message (a search hit, `?message=`): shows its branch if another one is
 * current, scrolls it to the middle of the screen once it is rendered (a long chat renders its
 * older messages over a few tasks) and highlights it for a moment. Focus is left to the page,
 * which puts it in the composer (issue 10: after opening a chat from search the user types next).
 */

/** How long the hit stays highlighted: long enough to catch the eye after the scroll. */
export const MESSAGE_HIGHLIGHT_MS = 2000;
const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
/** Anything the reader does to move the page themselves ends the re-centring. */
const READER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

export function useMessageTarget(thread: RefObject<HTMLElement | null>, chatId: string, messageId: string | undefined, ready: boolean): void {
  useEffect(() => {
    const list = thread.current;
    if (!ready || !messageId || !list) return;
    const store = getChatStore();
    const messages = store.getSnapshot().messages.get(chatId) ?? [];
    if (!messages.some((message) => message.id === messageId)) return;
    const index = indexMessages(messages);
    const onPath = threadPath(index, store.getSnapshot().chats.find((chat) => chat.id === chatId)?.currentLeafId).some((m) => m.id === messageId);
    if (!onPath) void store.selectBranch(chatId, messageId);

    let timer: ReturnType<typeof setTimeout> | undefined;
    let item: HTMLElement | null = null;
    // Messages above it may still grow (their markdown renders late): keep the hit centred until the reader takes over.
    const keeper = typeof ResizeObserver === 'function' ? new ResizeObserver(() => item?.scrollIntoView?.({ block: 'center', behavior: 'instant' })) : null;
    const letGo = () => {
      keeper?.disconnect();
      for (const type of READER_INPUT) window.removeEventListener(type, letGo, true);
    };
    const show = () => {
      item = list.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(messageId)}"]`);
      if (!item) return false;
      const reduced = window.matchMedia?.(REDUCED_MOTION_QUERY).matches ?? false;
      item.scrollIntoView?.({ block: 'center', behavior: reduced ? 'instant' : 'smooth' });
      item.dataset.highlight = 'on';
      keeper?.observe(list);
      for (const type of READER_INPUT) window.addEventListener(type, letGo, { capture: true, passive: true });
      timer = setTimeout(() => {
        letGo();
        if (item) delete item.dataset.highlight;
      }, MESSAGE_HIGHLIGHT_MS);
      return true;
    };
    const observer = new MutationObserver(() => {
      if (show()) observer.disconnect();
    });
    if (!show()) observer.observe(list, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      letGo();
      clearTimeout(timer);
      if (item) delete item.dataset.highlight;
    };
  }, [thread, chatId, messageId, ready]);
}
