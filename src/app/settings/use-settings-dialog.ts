import { useCallback, useEffect, useState } from 'react';
import { handleSettingsRequests } from '../../pages/shared';
import { useSettingsHotkey } from './settings-hotkey';

export interface SettingsDialogState {
  open: boolean;
  setOpen(open: boolean): void;
  show(): void;
}

/** The Settings dialog's open state: opened by the sidebar's button, Ctrl/⌘+, and pages' requests. */
export function useSettingsDialog(): SettingsDialogState {
  const [open, setOpen] = useState(false);
  const show = useCallback(() => setOpen(true), []);
  useSettingsHotkey(show);
  useEffect(() => handleSettingsRequests(show), [show]);
  return { open, setOpen, show };
}
