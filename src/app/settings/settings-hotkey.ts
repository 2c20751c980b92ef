import { useEffect, useEffectEvent } from 'react';
import { isApplePlatform, matchesHotkey, type Hotkey, type HotkeyEvent } from '../sidebar';

/** Ctrl/⌘+, opens Settings, as in most desktop apps (issue 5). */
export const SETTINGS_HOTKEY: Hotkey = { key: ',', shift: false };

/** Also on layouts where the comma key types something else (the physical key is what users learn). */
export function matchesSettingsHotkey(event: HotkeyEvent, apple: boolean): boolean {
  return matchesHotkey(event, SETTINGS_HOTKEY, apple) || (event.code === 'Comma' && matchesHotkey({ ...event, key: ',' }, SETTINGS_HOTKEY, apple));
}

/** Runs `onOpen` on Ctrl/⌘+, from anywhere on the page (capture phase, like the layout's hotkeys). */
export function useSettingsHotkey(onOpen: () => void): void {
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (!matchesSettingsHotkey(event, isApplePlatform())) return;
    // Ours, not the browser's (⌘, opens the browser's own settings in some browsers).
    event.preventDefault();
    event.stopPropagation();
    onOpen();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    window.addEventListener('keydown', listener, true);
    return () => window.removeEventListener('keydown', listener, true);
  }, []);
}
