import { memo, useMemo, useRef, type ComponentPropsWithRef, type Ref } from 'react';
import { t } from '../../i18n';
import { paths } from '../../pages/paths';
import { Link } from '../../router';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { ThemeSwitch } from '../../ui/theme';
import { LazyChatHistory } from './lazy-chat-history';
import { LazySyncStatus } from './lazy-sync-status';
import { ariaKeyShortcut, hotkeyLabel, isApplePlatform, NEW_CHAT_HOTKEY, SEARCH_HOTKEY } from './use-layout-hotkeys';
import type { SidebarMode, SidebarState } from './use-sidebar-state';
import './sidebar.css';

export interface SidebarProps extends Omit<ComponentPropsWithRef<'nav'>, 'children'> {
  state: SidebarState;
  mode: SidebarMode;
  onClose(): void;
  onOpenSearch(): void;
  /** Shows the Settings button when given. */
  onOpenSettings?: () => void;
  /** Shows the Keyboard shortcuts button when given. */
  onOpenShortcuts?: () => void;
  /** Receives the element that takes focus when the sidebar opens (the app name). */
  focusRef?: Ref<HTMLAnchorElement>;
}

/**
 * The navigation sidebar (SPEC B2): the app name, New chat, Search chats, the chat history,
 * and Settings and the theme switch at the bottom. Closed, it is inert: nothing in it can be
 * reached by Tab or by assistive technology until it opens again.
 */
export const Sidebar = memo(function Sidebar({
  state,
  mode,
  onClose,
  onOpenSearch,
  onOpenSettings,
  onOpenShortcuts,
  focusRef,
  className,
  ...rest
}: SidebarProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const apple = useMemo(() => isApplePlatform(), []);
  const home = paths.home.href();

  return (
    <nav
      aria-label={t('nav.label')}
      {...rest}
      className={['sidebar', className].filter(Boolean).join(' ')}
      data-state={state}
      data-mode={mode}
      inert={state === 'closed'}
    >
      <div className="sidebar__header">
        <Link ref={focusRef} to={home} className="sidebar__brand" aria-label={t('nav.home')}>
          {t('app.name')}
        </Link>
        <Button
          className="sidebar__close"
          icon={mode === 'drawer' ? 'lucide:x' : 'lucide:panel-left-close'}
          label={t('nav.closeSidebar')}
          variant="ghost"
          color="neutral"
          size="sm"
          onClick={onClose}
        />
      </div>
      <div className="sidebar__actions">
        <Link to={home} className="sidebar__action" aria-keyshortcuts={ariaKeyShortcut(NEW_CHAT_HOTKEY, apple)}>
          <Icon name="lucide:square-pen" className="sidebar__action-icon" />
          <span className="sidebar__action-label">{t('nav.newChat')}</span>
          <kbd className="sidebar__hotkey" aria-hidden="true">
            {hotkeyLabel(NEW_CHAT_HOTKEY, apple)}
          </kbd>
        </Link>
        <button
          type="button"
          className="sidebar__action"
          aria-haspopup="dialog"
          aria-keyshortcuts={ariaKeyShortcut(SEARCH_HOTKEY, apple)}
          onClick={onOpenSearch}
        >
          <Icon name="lucide:search" className="sidebar__action-icon" />
          <span className="sidebar__action-label">{t('nav.search')}</span>
          <kbd className="sidebar__hotkey" aria-hidden="true">
            {hotkeyLabel(SEARCH_HOTKEY, apple)}
          </kbd>
        </button>
      </div>
      <div ref={scrollRef} className="sidebar__history">
        <LazyChatHistory scrollRootRef={scrollRef} />
      </div>
      <div className="sidebar__footer">
        <LazySyncStatus />
        {onOpenSettings && (
          <Button className="sidebar__settings" icon="lucide:settings" variant="ghost" color="neutral" size="sm" onClick={onOpenSettings}>
            {t('nav.settings')}
          </Button>
        )}
        {onOpenShortcuts && (
          <Button
            className="sidebar__shortcuts"
            icon="lucide:keyboard"
            label={t('nav.shortcuts')}
            variant="ghost"
            color="neutral"
            size="sm"
            aria-haspopup="dialog"
            aria-keyshortcuts={apple ? 'Meta+/' : 'Control+/'}
            onClick={onOpenShortcuts}
          />
        )}
        <ThemeSwitch className="sidebar__theme" />
      </div>
    </nav>
  );
});
