import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useMediaQuery } from '../../lib/use-media-query';

/**
 * Whether the sidebar is shown (SPEC B2). At 768 px and wider it docks beside the page and
 * the user's open/closed choice is remembered; below that it is a drawer over the page,
 * closed by default, which Escape, the overlay and any navigation close.
 */

/** Below 768 px the sidebar is a drawer; the fraction keeps a 767.5 px zoomed viewport a drawer too. */
export const DRAWER_MEDIA_QUERY = '(max-width: 767.98px)';
/** localStorage key of the docked sidebar's open/closed choice. */
export const SIDEBAR_STORAGE_KEY = 'parley.sidebar';

export type SidebarMode = 'docked' | 'drawer';
export type SidebarState = 'open' | 'closed';

function readStoredState(): SidebarState {
  try {
    return localStorage.getItem(SIDEBAR_STORAGE_KEY) === 'closed' ? 'closed' : 'open';
  } catch {
    // Storage blocked (privacy settings): the sidebar simply starts open.
    return 'open';
  }
}

function storeState(state: SidebarState): void {
  try {
    localStorage.setItem(SIDEBAR_STORAGE_KEY, state);
  } catch {
    // Not remembered this time; nothing else depends on it.
  }
}

export interface SidebarStateOptions {
  /** The current history entry: the drawer belongs to the entry it was opened on. */
  locationKey: string;
  /** Focused when the user opens the sidebar. */
  openFocusRef: RefObject<HTMLElement | null>;
  /** Focused when the user closes it (the Open sidebar button in the content area). */
  closeFocusRef: RefObject<HTMLElement | null>;
}

export interface SidebarControl {
  mode: SidebarMode;
  state: SidebarState;
  open(): void;
  close(): void;
  /**
   * Opens or closes it without taking the user's place (the hotkey): focus stays where it is
   * unless it has to move (into an opening drawer, which makes the page inert, or out of a
   * closing sidebar, which becomes inert).
   */
  toggle(): void;
}

export function useSidebarState({ locationKey, openFocusRef, closeFocusRef }: SidebarStateOptions): SidebarControl {
  const mode: SidebarMode = useMediaQuery(DRAWER_MEDIA_QUERY) ? 'drawer' : 'docked';
  const [docked, setDocked] = useState<SidebarState>(readStoredState);
  // Open only on the entry it was opened on, so following a link (or Back) closes it by itself.
  const [drawerOpenedAt, setDrawerOpenedAt] = useState<string | null>(null);
  const state: SidebarState = mode === 'drawer' ? (drawerOpenedAt === locationKey ? 'open' : 'closed') : docked;
  const pendingFocus = useRef<RefObject<HTMLElement | null> | null>(null);

  const open = useCallback(() => {
    if (state === 'open') return;
    pendingFocus.current = openFocusRef;
    if (mode === 'drawer') setDrawerOpenedAt(locationKey);
    else {
      setDocked('open');
      storeState('open');
    }
  }, [state, mode, locationKey, openFocusRef]);

  const close = useCallback(() => {
    if (state === 'closed') return;
    pendingFocus.current = closeFocusRef;
    if (mode === 'drawer') setDrawerOpenedAt(null);
    else {
      setDocked('closed');
      storeState('closed');
    }
  }, [state, mode, closeFocusRef]);

  const toggle = useCallback(() => {
    const opening = state === 'closed';
    if (opening) open();
    else close();
    const active = document.activeElement;
    const focusInSidebar = active instanceof Element && active.closest('.sidebar') !== null;
    const mustMove = opening ? mode === 'drawer' : focusInSidebar;
    if (!mustMove) pendingFocus.current = null;
  }, [state, mode, open, close]);

  // Leaving drawer mode forgets the drawer, so narrowing the window again starts closed.
  useEffect(() => {
    if (mode === 'docked') setDrawerOpenedAt(null);
  }, [mode]);

  // Focus follows the user's own open/close (not navigation, where the new page's heading takes it).
  useEffect(() => {
    const target = pendingFocus.current;
    pendingFocus.current = null;
    target?.current?.focus();
  }, [state]);

  useEffect(() => {
    if (mode !== 'drawer' || state !== 'open') return;
    const onKeyDown = (event: KeyboardEvent) => {
      // A menu, a rename field or a tooltip that used this Escape has prevented it.
      if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return;
      // Escape inside a dialog (the search palette) closes that dialog only.
      if (event.target instanceof Element && event.target.closest('dialog')) return;
      close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [mode, state, close]);

  return { mode, state, open, close, toggle };
}
