import { useCallback, useEffect } from 'react';
import { handleSettingsRequests } from '../../pages/shared';
import { useLocation, useNavigate } from '../../router';
import { searchWithSettings, settingsSectionOf } from './settings-query';
import { useSettingsHotkey } from './settings-hotkey';

export interface SettingsDialogState {
  open: boolean;
  /** The section the address names ('' for none in particular). */
  section: string;
  setOpen(open: boolean): void;
  /** Opens Settings, at a section when one is named. */
  show(section?: string): void;
  setSection(section: string): void;
}

/**
 * The Settings dialog's state, kept in the address (`?settings=sync`), so a link or a reload opens
 * it where it was: opened by the sidebar's button, Ctrl/⌘+, and pages' requests. Replacing the
 * entry, not pushing one: Back leaves the page, as it did before Settings was opened.
 */
export function useSettingsDialog(): SettingsDialogState {
  const { path, search, hash } = useLocation();
  const navigate = useNavigate();
  const section = settingsSectionOf(search);
  const go = useCallback(
    (next: string | null) => navigate(`${path}${searchWithSettings(search, next)}${hash}`, { sameScreen: true }),
    [navigate, path, search, hash],
  );
  const show = useCallback((to?: string) => go(to ?? section ?? ''), [go, section]);
  const setOpen = useCallback((open: boolean) => go(open ? (section ?? '') : null), [go, section]);
  useSettingsHotkey(show);
  useEffect(() => handleSettingsRequests(show), [show]);
  return { open: section !== null, section: section ?? '', setOpen, show, setSection: go };
}
