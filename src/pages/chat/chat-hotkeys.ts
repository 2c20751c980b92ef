import { useEffect, useEffectEvent } from 'react';
import { isApplePlatform } from '../../lib/apple-platform';

/**
 * The chat page's keys that ChatGPT users reach for: Ctrl/⌘+Shift+C copies the last reply,
 * Shift+Escape puts the cursor in the message box from anywhere on the page. (↑ in an empty
 * message box edits your last message: the composer handles that key itself.)
 */

/** The subset of a KeyboardEvent the matcher reads, so it is testable with plain objects. */
export type ChatKeyEvent = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'isComposing'>;

export type ChatHotkey = 'copy-last-reply' | 'focus-composer';


/** Which chat key a keydown is, if any. `code` counts too, so non-Latin layouts work. */
export function chatHotkeyOf(event: ChatKeyEvent, apple: boolean): ChatHotkey | undefined {
  if (event.isComposing) return undefined;
  const primary = apple ? event.metaKey : event.ctrlKey;
  const other = apple ? event.ctrlKey : event.metaKey;
  if (primary && !other && event.shiftKey && !event.altKey && (event.key.toLowerCase() === 'c' || event.code === 'KeyC')) return 'copy-last-reply';
  if (event.key === 'Escape' && event.shiftKey && !event.ctrlKey && !event.metaKey && !event.altKey) return 'focus-composer';
  return undefined;
}

export function useChatHotkeys(actions: Record<ChatHotkey, () => void>): void {
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    const hotkey = chatHotkeyOf(event, isApplePlatform());
    // A dialog over the chat (Settings, a menu) keeps its own keys. Asked only for a chat key:
    // the query walks the whole document, about 2 ms a keystroke on a 2,000-message thread (bench/meter).
    if (!hotkey || document.querySelector('dialog[open]')) return;
    event.preventDefault();
    actions[hotkey]();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}
