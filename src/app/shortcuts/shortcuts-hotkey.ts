import { useGlobalHotkey, type HotkeyEvent } from '../sidebar/use-layout-hotkeys';
import { IME_KEY_CODE } from '../../ui/composer';

/**
 * Ctrl/⌘+/ opens the shortcuts help (SPEC B11), as in Google Docs, Slack and ChatGPT. Matched
 * by the character "/" with or without Shift (on German or French layouts "/" is a shifted key),
 * or by the US slash key's position when the layout puts another character there.
 */
export function matchesShortcutsHotkey(event: HotkeyEvent, apple: boolean): boolean {
  if (event.isComposing || event.keyCode === IME_KEY_CODE) return false;
  const primary = apple ? event.metaKey : event.ctrlKey;
  const other = apple ? event.ctrlKey : event.metaKey;
  if (!primary || other || event.altKey) return false;
  return event.key === '/' || (event.code === 'Slash' && !event.shiftKey);
}

/** Runs `onToggle` on Ctrl/⌘+/ from anywhere on the page. */
export function useShortcutsHotkey(onToggle: () => void): void {
  useGlobalHotkey((event, apple) => (matchesShortcutsHotkey(event, apple) ? onToggle : undefined));
}
