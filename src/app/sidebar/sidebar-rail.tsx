import { useMemo, type Ref } from 'react';
import { t } from '../../i18n';
import { paths } from '../../pages/paths';
import { Button } from '../../ui/button';
import { ariaKeyShortcut, isApplePlatform, NEW_CHAT_HOTKEY, SEARCH_HOTKEY } from './use-layout-hotkeys';
import './sidebar-rail.css';

export interface SidebarRailProps {
  id?: string;
  /** The sidebar this rail stands in for (aria-controls of its Open button). */
  sidebarId: string;
  onOpen(): void;
  onOpenSearch(): void;
  onOpenSettings?: () => void;
  onOpenShortcuts?: () => void;
  /** Receives the Open sidebar button: focus returns there when the sidebar is closed. */
  openRef?: Ref<HTMLButtonElement & HTMLAnchorElement>;
}

/**
 * The docked sidebar, collapsed: a narrow column that keeps the way back (Open sidebar) and
 * the two things people reach for most (New chat, Search) one click away, as ChatGPT's does.
 */
export function SidebarRail({ id, sidebarId, onOpen, onOpenSearch, onOpenSettings, onOpenShortcuts, openRef }: SidebarRailProps) {
  const apple = useMemo(() => isApplePlatform(), []);
  const common = { variant: 'ghost', color: 'neutral', size: 'md' } as const;
  return (
    <nav id={id} className="sidebar-rail" aria-label={t('nav.rail')}>
      <Button
        {...common}
        ref={openRef}
        icon="lucide:panel-left-open"
        label={t('nav.openSidebar')}
        aria-expanded={false}
        aria-controls={sidebarId}
        onClick={onOpen}
      />
      <Button {...common} href={paths.home.href()} icon="lucide:square-pen" label={t('nav.newChat')} aria-keyshortcuts={ariaKeyShortcut(NEW_CHAT_HOTKEY, apple)} />
      <Button
        {...common}
        icon="lucide:search"
        label={t('nav.search')}
        aria-haspopup="dialog"
        aria-keyshortcuts={ariaKeyShortcut(SEARCH_HOTKEY, apple)}
        onClick={onOpenSearch}
      />
      {/* Settings and the shortcuts help sit at the bottom, where the open sidebar keeps them. */}
      <div className="sidebar-rail__end">
        {onOpenShortcuts && (
          <Button
            {...common}
            icon="lucide:keyboard"
            label={t('nav.shortcuts')}
            aria-haspopup="dialog"
            aria-keyshortcuts={apple ? 'Meta+/' : 'Control+/'}
            onClick={onOpenShortcuts}
          />
        )}
        {onOpenSettings && <Button {...common} icon="lucide:settings" label={t('nav.settings')} onClick={onOpenSettings} />}
      </div>
    </nav>
  );
}
