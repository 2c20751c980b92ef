import { useCallback, useState } from 'react';
import { useShortcutsHotkey } from './shortcuts-hotkey';

export interface ShortcutsDialogState {
  open: boolean;
  setOpen(open: boolean): void;
  show(): void;
}

/** The shortcuts help's open state: the sidebar's button opens it, Ctrl/⌘+/ opens and closes it. */
export function useShortcutsDialog(): ShortcutsDialogState {
  const [open, setOpen] = useState(false);
  const show = useCallback(() => setOpen(true), []);
  useShortcutsHotkey(useCallback(() => setOpen((current) => !current), []));
  return { open, setOpen, show };
}
