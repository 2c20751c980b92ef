/** The keyboard shortcuts help (SPEC B11): Ctrl/⌘+/ or the sidebar's button lists every shortcut. */
export { ShortcutsDialog, type ShortcutsDialogProps } from './shortcuts-dialog';
export { useShortcutsDialog, type ShortcutsDialogState } from './use-shortcuts-dialog';
export { matchesShortcutsHotkey, useShortcutsHotkey } from './shortcuts-hotkey';
export { keyCaps, SHORTCUT_GROUPS, type KeyCombo, type KeyToken, type Shortcut, type ShortcutGroup } from './shortcut-list';
