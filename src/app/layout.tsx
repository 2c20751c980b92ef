import { useCallback, useId, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { t } from '../i18n';
import { paths } from '../pages/paths';
import { SidebarToggleContext, type SidebarToggle } from '../pages/shared';
import { useLocation, useNavigate } from '../router';
import { LazySearchPalette, LazyShortcutsDialog, LazySidebarRail } from './lazy-dialogs';
import { useShortcutsDialog } from './shortcuts/use-shortcuts-dialog';
// Not the sidebar's index: it re-exports the lazily loaded history, which would then load at start.
import { focusWhenReady } from './sidebar/focus-when-ready';
import { Sidebar } from './sidebar/sidebar';
import { useLayoutHotkeys } from './sidebar/use-layout-hotkeys';
import { useSidebarState } from './sidebar/use-sidebar-state';
import './layout.css';

/** The rail is shown while the sidebar is collapsed: nothing of its own closes it. */
const noop = () => {};

/** CONTENT_ID is the skip link's target. */
const CONTENT_ID = 'content';
/** The home page's composer, focused after Ctrl/⌘+Shift+O. */
export const HOME_COMPOSER_ID = 'home-composer';

export interface LayoutProps {
  children: ReactNode;
  /** Shows a Settings button at the bottom of the sidebar. */
  onOpenSettings?: () => void;
}

/**
 * The default layout (SPEC B2): the sidebar (docked and collapsible to a rail, or a drawer below
 * 768 px), one content area for the route's screen, the search palette and the hotkeys.
 * State lives in data attributes on the root; layout.css turns them into geometry. A closed
 * drawer is opened from each page's own top bar (SidebarButton), never from a button floating
 * over the page, which a sticky header would cover.
 */
export function Layout({ children, onOpenSettings }: LayoutProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const sidebarId = useId();
  const contentRef = useRef<HTMLDivElement>(null);
  const openButtonRef = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  const sidebarFocusRef = useRef<HTMLAnchorElement>(null);
  const sidebar = useSidebarState({ locationKey: location.key, openFocusRef: sidebarFocusRef, closeFocusRef: openButtonRef });
  const [searchOpen, setSearchOpen] = useState(false);
  const shortcuts = useShortcutsDialog();
  const drawerOpen = sidebar.mode === 'drawer' && sidebar.state === 'open';
  const railShown = sidebar.mode === 'docked' && sidebar.state === 'closed';
  const toggle = useMemo<SidebarToggle>(
    () => ({ inBar: sidebar.mode === 'drawer', controls: sidebarId, open: sidebar.open, buttonRef: openButtonRef }),
    [sidebar.mode, sidebarId, sidebar.open],
  );

  useLayoutHotkeys({
    newChat() {
      setSearchOpen(false);
      navigate(paths.home.href());
      focusWhenReady(HOME_COMPOSER_ID);
    },
    toggleSearch: () => setSearchOpen((open) => !open),
    toggleSidebar: sidebar.toggle,
  });

  const openSearch = useCallback(() => setSearchOpen(true), []);

  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    // With a <base href> a bare "#content" would load the base URL: move focus ourselves.
    event.preventDefault();
    contentRef.current?.focus();
  };

  return (
    <div className="layout" data-sidebar-mode={sidebar.mode} data-sidebar-state={sidebar.state}>
      <a className="layout__skip" href={`#${CONTENT_ID}`} onClick={skipToContent}>
        {t('app.skipToContent')}
      </a>
      <Sidebar
        id={sidebarId}
        className="layout__sidebar"
        state={sidebar.state}
        mode={sidebar.mode}
        onClose={sidebar.close}
        onOpenSearch={openSearch}
        onOpenSettings={onOpenSettings}
        onOpenShortcuts={shortcuts.show}
        focusRef={sidebarFocusRef}
      />
      {railShown && (
        <LazySidebarRail
          open
          onOpenChange={noop}
          sidebarId={sidebarId}
          onOpen={sidebar.open}
          onOpenSearch={openSearch}
          onOpenSettings={onOpenSettings}
          onOpenShortcuts={shortcuts.show}
          openRef={openButtonRef}
        />
      )}
      {sidebar.mode === 'drawer' && (
        // Pointer users close the drawer by tapping beside it; keyboard users have Escape and the Close button.
        <div className="layout__overlay" data-state={sidebar.state} aria-hidden="true" onClick={sidebar.close} />
      )}
      <div ref={contentRef} className="layout__content" id={CONTENT_ID} tabIndex={-1} inert={drawerOpen}>
        <SidebarToggleContext.Provider value={toggle}>{children}</SidebarToggleContext.Provider>
      </div>
      <LazySearchPalette open={searchOpen} onOpenChange={setSearchOpen} />
      <LazyShortcutsDialog open={shortcuts.open} onOpenChange={shortcuts.setOpen} />
    </div>
  );
}
