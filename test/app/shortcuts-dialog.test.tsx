import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { composerFocusFallback } from '../../src/app/dialog-focus-fallback';
import { DRAWER_MEDIA_QUERY } from '../../src/app/sidebar';
import { resetChatStore } from '../../src/chat';
import { resetToasts } from '../../src/ui/toast';
import { nav, press, renderLayout } from './layout-harness';

afterEach(() => {
  resetChatStore();
  resetToasts();
  localStorage.clear();
});

/** happy-dom reports a Linux platform, so the hotkeys use Ctrl. */
const CTRL_SLASH = { key: '/', code: 'Slash', ctrlKey: true };
const CTRL_SHIFT_S = { key: 'S', code: 'KeyS', ctrlKey: true, shiftKey: true };
const help = () => screen.queryByRole('dialog', { name: 'Keyboard shortcuts' });
const sidebarState = () => document.querySelector('.layout')?.getAttribute('data-sidebar-state');

describe('the keyboard shortcuts help', () => {
  it('opens on Ctrl+/ with focus on the list, shows every group with <kbd> keys, and Escape gives focus back', async () => {
    await renderLayout();
    const composer = document.getElementById('home-composer')!;
    composer.focus();
    await press(composer, '/', CTRL_SLASH);
    const dialog = help()!;
    expect(dialog).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('region', { name: 'All keyboard shortcuts' }));
    expect(within(dialog).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Anywhere',
      'Message box',
      'In a chat',
      'Renaming a chat or editing a message',
      'Menus, lists and dialogs',
    ]);
    const row = (id: string) => dialog.querySelector(`[data-shortcut="${id}"]`)!;
    expect([...row('new-chat').querySelectorAll('dd kbd kbd')].map((k) => k.textContent)).toEqual(['Ctrl', 'Shift', 'O']);
    expect(row('notifications').querySelector('dd > kbd')?.textContent).toBe('F8');
    expect(row('stop').querySelector('dt')?.textContent).toBe('Stop the reply being written');
    await press(document.activeElement!, 'Escape');
    expect(help()).toBeNull();
    expect(document.activeElement).toBe(composer);
  });

  it('closes again on Ctrl+/', async () => {
    await renderLayout();
    await press(document.body, '/', CTRL_SLASH);
    expect(help()).toBeTruthy();
    await press(document.activeElement!, '/', CTRL_SLASH);
    expect(help()).toBeNull();
  });

  it('opens from the Keyboard shortcuts button in the sidebar, and focus returns to it', async () => {
    await renderLayout();
    const button = within(nav()).getByRole('button', { name: 'Keyboard shortcuts' });
    expect(button.getAttribute('aria-keyshortcuts')).toBe('Control+/');
    button.focus();
    await act(async () => {
      fireEvent.click(button);
    });
    expect(help()).toBeTruthy();
    await press(document.activeElement!, 'Escape');
    expect(document.activeElement).toBe(button);
  });
});

describe('Ctrl+Shift+S', () => {
  it('collapses and expands the docked sidebar', async () => {
    await renderLayout();
    expect(sidebarState()).toBe('open');
    await press(document.body, 'S', CTRL_SHIFT_S);
    expect(sidebarState()).toBe('closed');
    await press(document.body, 'S', CTRL_SHIFT_S);
    expect(sidebarState()).toBe('open');
  });

  it('leaves focus in the composer while it collapses and expands the docked sidebar', async () => {
    await renderLayout();
    const composer = document.getElementById('home-composer')!;
    composer.focus();
    await press(composer, 'S', CTRL_SHIFT_S);
    expect(sidebarState()).toBe('closed');
    expect(document.activeElement).toBe(composer);
    await press(composer, 'S', CTRL_SHIFT_S);
    expect(sidebarState()).toBe('open');
    expect(document.activeElement).toBe(composer);
  });

  it('moves focus out of a sidebar it collapses (the sidebar becomes inert)', async () => {
    await renderLayout();
    const home = within(nav()).getByRole('link', { name: 'Parley home' });
    home.focus();
    await press(home, 'S', CTRL_SHIFT_S);
    expect(sidebarState()).toBe('closed');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Open sidebar');
  });

  it('opens and closes the drawer on a narrow screen', async () => {
    const real = window.matchMedia.bind(window);
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
      const list = real(query);
      if (query === DRAWER_MEDIA_QUERY) Object.defineProperty(list, 'matches', { value: true });
      return list;
    });
    await renderLayout();
    expect(sidebarState()).toBe('closed');
    await press(document.body, 'S', CTRL_SHIFT_S);
    expect(sidebarState()).toBe('open');
    expect(nav().contains(document.activeElement)).toBe(true);
    await press(document.activeElement!, 'S', CTRL_SHIFT_S);
    expect(sidebarState()).toBe('closed');
  });
});

describe('composerFocusFallback', () => {
  it('finds the enabled message box, and nothing when there is none', () => {
    document.body.innerHTML = '<textarea class="composer__input" disabled></textarea>';
    expect(composerFocusFallback()).toBeNull();
    document.body.innerHTML = '<textarea class="composer__input" disabled></textarea><textarea class="composer__input" id="ready"></textarea>';
    expect(composerFocusFallback()?.id).toBe('ready');
    document.body.innerHTML = '';
  });
});
