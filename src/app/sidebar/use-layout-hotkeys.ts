import { useEffect, useEffectEvent } from 'react';
import { isApplePlatform } from '../../lib/apple-platform';
import { IME_KEY_CODE } from '../../ui/composer';

/**
 * The layout's global hotkeys (SPEC B2): Ctrl/⌘+Shift+O for a new chat, Ctrl/⌘+K for the
 * search palette, Ctrl/⌘+Shift+S to show or hide the sidebar (ChatGPT's key for it). They work from anywhere, also inside a textarea, but never while an input
 * method is composing text (the keys belong to the composition then).
 */

export interface Hotkey {
  /** The letter, lower case. */
  readonly key: string;
  readonly shift: boolean;
}

export const NEW_CHAT_HOTKEY: Hotkey = { key: 'o', shift: true };
export const SEARCH_HOTKEY: Hotkey = { key: 'k', shift: false };
export const SIDEBAR_HOTKEY: Hotkey = { key: 's', shift: true };

/** The subset of a KeyboardEvent the matcher reads (so it is testable with plain objects). */
export type HotkeyEvent = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'isComposing' | 'keyCode'>;

export { isApplePlatform };

/** The letter the user meant: the layout's letter, or the physical key on non-Latin layouts (Cyrillic, Greek…). */
function letterOf(event: HotkeyEvent): string {
  const key = event.key.toLowerCase();
  if (/^[a-z]$/.test(key)) return key;
  const physical = /^Key([A-Z])$/.exec(event.code);
  return physical ? physical[1]!.toLowerCase() : key;
}

export function matchesHotkey(event: HotkeyEvent, hotkey: Hotkey, apple: boolean): boolean {
  if (event.isComposing || event.keyCode === IME_KEY_CODE) return false;
  const primary = apple ? event.metaKey : event.ctrlKey;
  const other = apple ? event.ctrlKey : event.metaKey;
  if (!primary || other || event.altKey || event.shiftKey !== hotkey.shift) return false;
  return letterOf(event) === hotkey.key;
}

/** What the sidebar shows next to the action: "⇧⌘O" on Apple platforms, "Ctrl+Shift+O" elsewhere. */
export function hotkeyLabel(hotkey: Hotkey, apple: boolean): string {
  const letter = hotkey.key.toUpperCase();
  if (apple) return `${hotkey.shift ? '⇧' : ''}⌘${letter}`;
  return `Ctrl+${hotkey.shift ? 'Shift+' : ''}${letter}`;
}

/** The aria-keyshortcuts value, so assistive technology can announce the hotkey. */
export function ariaKeyShortcut(hotkey: Hotkey, apple: boolean): string {
  return `${apple ? 'Meta' : 'Control'}+${hotkey.shift ? 'Shift+' : ''}${hotkey.key.toUpperCase()}`;
}

export interface LayoutHotkeyHandlers {
  newChat(): void;
  toggleSearch(): void;
  /** Opens or closes the drawer on narrow screens, expands or collapses the docked sidebar. */
  toggleSidebar(): void;
}

/**
 * Listens to keydowns on the whole page. `pick` names the action a keydown asks for, if any; that
 * action then runs instead of the browser's own (Ctrl+K focuses the address bar's search in some
 * browsers, ⌘, opens the browser's settings). Capture phase: a field that stops its own keydowns
 * (a composer, a menu) doesn't swallow a hotkey.
 */
export function useGlobalHotkey(pick: (event: KeyboardEvent, apple: boolean) => (() => void) | undefined): void {
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    const action = pick(event, isApplePlatform());
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    action();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    window.addEventListener('keydown', listener, true);
    return () => window.removeEventListener('keydown', listener, true);
  }, []);
}

/** The action a keydown asks of the layout, if any. */
export function pickLayoutHotkey(event: HotkeyEvent, apple: boolean, handlers: LayoutHotkeyHandlers): (() => void) | undefined {
  if (matchesHotkey(event, NEW_CHAT_HOTKEY, apple)) return handlers.newChat;
  if (matchesHotkey(event, SEARCH_HOTKEY, apple)) return handlers.toggleSearch;
  if (matchesHotkey(event, SIDEBAR_HOTKEY, apple)) return handlers.toggleSidebar;
  return undefined;
}

export function useLayoutHotkeys(handlers: LayoutHotkeyHandlers): void {
  useGlobalHotkey((event, apple) => pickLayoutHotkey(event, apple, handlers));
}
