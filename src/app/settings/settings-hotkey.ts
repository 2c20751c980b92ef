import { matchesHotkey, useGlobalHotkey, type Hotkey, type HotkeyEvent } from '../sidebar/use-layout-hotkeys';

/** Ctrl/⌘+, opens Settings, as in most desktop apps (issue 5). */
export const SETTINGS_HOTKEY: Hotkey = { key: ',', shift: false };

/** Also on layouts where the comma key types something else (the physical key is what users learn). */
export function matchesSettingsHotkey(event: HotkeyEvent, apple: boolean): boolean {
  return matchesHotkey(event, SETTINGS_HOTKEY, apple) || (event.code === 'Comma' && matchesHotkey({ ...event, key: ',' }, SETTINGS_HOTKEY, apple));
}

/** Runs `onOpen` on Ctrl/⌘+, from anywhere on the page. */
export function useSettingsHotkey(onOpen: () => void): void {
  useGlobalHotkey((event, apple) => (matchesSettingsHotkey(event, apple) ? onOpen : undefined));
}
