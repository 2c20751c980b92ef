import { createContext, useContext, type RefObject } from 'react';
import { t } from '../../i18n';
import { Button } from '../../ui/button';
import { paths } from '../paths';
import './sidebar-button.css';

/**
 * The layout's sidebar, as a page's top bar sees it. On narrow screens the sidebar is a drawer
 * and each page's own top bar carries the button that opens it: a button floating over the page
 * ends up under (or on top of) the page's sticky header. On wide screens the layout's rail has
 * it, so pages show nothing.
 */
export interface SidebarToggle {
  /** True when the page's bar should show the button (the sidebar is a closed drawer). */
  inBar: boolean;
  /** The sidebar's element id, for aria-controls. */
  controls: string;
  open(): void;
  /** Where focus returns when the drawer closes. */
  buttonRef: RefObject<(HTMLButtonElement & HTMLAnchorElement) | null>;
}

export const SidebarToggleContext = createContext<SidebarToggle | null>(null);

/** Open sidebar, for a page's top bar; renders nothing where the page need not offer it. */
export function SidebarButton({ className }: { className?: string }) {
  const toggle = useContext(SidebarToggleContext);
  if (!toggle?.inBar) return null;
  return (
    <Button
      ref={toggle.buttonRef}
      className={className}
      icon="lucide:menu"
      label={t('nav.openSidebar')}
      variant="ghost"
      color="neutral"
      size="sm"
      aria-expanded={false}
      aria-controls={toggle.controls}
      onClick={toggle.open}
    />
  );
}

/**
 * New chat, for a page's top bar where the sidebar is a closed drawer (issue 22: on a phone it
 * is otherwise two taps away, inside the drawer); the sidebar or its rail has it elsewhere.
 */
export function NewChatButton() {
  if (!useContext(SidebarToggleContext)?.inBar) return null;
  return <Button href={paths.home.href()} icon="lucide:square-pen" label={t('nav.newChat')} variant="ghost" color="neutral" size="sm" />;
}

/**
 * A slim top bar holding the Open sidebar and New chat buttons, for screens without a header of
 * their own (home, not found, errors). Nothing renders where the layout has the buttons.
 */
export function MenuBar() {
  const toggle = useContext(SidebarToggleContext);
  if (!toggle?.inBar) return null;
  return (
    <div className="menu-bar">
      <SidebarButton />
      <NewChatButton />
    </div>
  );
}
