import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LazySidebarRail } from '../../src/app/lazy-dialogs';
import { DRAWER_MEDIA_QUERY, SIDEBAR_STORAGE_KEY } from '../../src/app/sidebar';
import { resetChatStore } from '../../src/chat';
import { resetToasts } from '../../src/ui/toast';
import { nav, path, press, rail, renderLayout, seed, settle } from './layout-harness';

// The rail's code loads after the first screen in the app (after-first-screen.ts); here, before the tests.
beforeAll(() => LazySidebarRail.preload());

afterEach(() => {
  resetChatStore();
  resetToasts();
  localStorage.clear();
});

/** happy-dom reports a Linux platform, so the hotkeys use Ctrl. */
const ctrl = (key: string, shift = false) => ({ key: shift ? key.toUpperCase() : key, code: `Key${key.toUpperCase()}`, ctrlKey: true, shiftKey: shift });

const palette = () => screen.queryByRole('dialog', { name: 'Search chats' });

/** Makes the window match the drawer query (narrower than 768 px). */
function narrowWindow() {
  const real = window.matchMedia.bind(window);
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    if (query !== DRAWER_MEDIA_QUERY) return real(query);
    const list = real(query);
    Object.defineProperty(list, 'matches', { value: true });
    return list;
  });
}

describe('landmarks and links', () => {
  it('has a navigation landmark with the app name linking home and New chat', async () => {
    const { history } = await renderLayout({ path: '/chat/a', seeds: [seed('a', Date.now())] });
    const home = within(nav()).getByRole('link', { name: 'Parley home' });
    expect(home.getAttribute('href')).toBe('/');
    const newChat = within(nav()).getByRole('link', { name: 'New chat' });
    expect(newChat.getAttribute('aria-keyshortcuts')).toBe('Control+Shift+O');
    expect(within(nav()).getByRole('button', { name: 'Search chats' }).getAttribute('aria-keyshortcuts')).toBe('Control+K');
    await act(async () => {
      fireEvent.click(newChat);
    });
    expect(path(history)).toBe('/');
  });

  it('moves focus to the content with the skip link', async () => {
    await renderLayout();
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Skip to content' }));
    });
    expect(document.activeElement?.id).toBe('content');
  });

  it('shows Settings only when the app gives it somewhere to go', async () => {
    await renderLayout();
    expect(within(nav()).queryByRole('button', { name: 'Settings' })).toBeNull();
    cleanup();
    const onOpenSettings = vi.fn();
    await renderLayout({ layoutProps: { onOpenSettings } });
    fireEvent.click(within(nav()).getByRole('button', { name: 'Settings' }));
    expect(onOpenSettings).toHaveBeenCalledTimes(1);
    expect(within(nav()).getByRole('group', { name: 'Theme' })).toBeTruthy();
  });
});

describe('hotkeys', () => {
  it('Ctrl+Shift+O goes home and puts the cursor in the home composer', async () => {
    const { history } = await renderLayout({ path: '/chat/a', seeds: [seed('a', Date.now())] });
    await press(document.body, 'O', ctrl('o', true));
    expect(path(history)).toBe('/');
    await waitFor(() => expect(document.activeElement?.id).toBe('home-composer'));
  });

  it('Ctrl+K toggles the search palette, also from inside a textarea', async () => {
    await renderLayout();
    const composer = document.getElementById('home-composer')!;
    composer.focus();
    await press(composer, 'k', ctrl('k'));
    expect(palette()).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('combobox'));
    await press(screen.getByRole('combobox'), 'k', ctrl('k'));
    expect(palette()).toBeNull();
    expect(document.activeElement).toBe(composer);
  });

  it('ignores the hotkeys while an input method is composing', async () => {
    const { history } = await renderLayout({ path: '/chat/a', seeds: [seed('a', Date.now())] });
    await press(document.body, 'k', { ...ctrl('k'), isComposing: true });
    await press(document.body, 'O', { ...ctrl('o', true), keyCode: 229 });
    expect(palette()).toBeNull();
    expect(path(history)).toBe('/chat/a');
  });

  it('opens the palette from the Search chats button', async () => {
    await renderLayout();
    await act(async () => {
      fireEvent.click(within(nav()).getByRole('button', { name: 'Search chats' }));
    });
    expect(palette()).toBeTruthy();
  });
});

describe('collapsible sidebar (wide screens)', () => {
  it('closes and opens with the toggle, moving focus along, and remembers the choice', async () => {
    await renderLayout();
    expect(nav().dataset.state).toBe('open');
    expect(nav().dataset.mode).toBe('docked');

    await act(async () => {
      fireEvent.click(within(nav()).getByRole('button', { name: 'Close sidebar' }));
    });
    expect(nav().dataset.state).toBe('closed');
    expect(nav().hasAttribute('inert')).toBe(true);
    expect(localStorage.getItem(SIDEBAR_STORAGE_KEY)).toBe('closed');
    // Collapsed, a rail keeps the way back, New chat and Search one click away.
    const openButton = within(rail()!).getByRole('button', { name: 'Open sidebar' });
    expect(document.activeElement).toBe(openButton);
    expect(openButton.getAttribute('aria-controls')).toBe(nav().id);
    expect(within(rail()!).getByRole('link', { name: 'New chat' }).getAttribute('href')).toBe('/');
    // Pages do not add their own button where the rail has one.
    expect(screen.getAllByRole('button', { name: 'Open sidebar' })).toHaveLength(1);

    // A new visit starts the way the user left it.
    cleanup();
    await renderLayout();
    expect(nav().dataset.state).toBe('closed');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Open sidebar' }));
    });
    expect(nav().dataset.state).toBe('open');
    expect(localStorage.getItem(SIDEBAR_STORAGE_KEY)).toBe('open');
    expect(document.activeElement).toBe(within(nav()).getByRole('link', { name: 'Parley home' }));
    expect(screen.queryByRole('button', { name: 'Open sidebar' })).toBeNull();
    expect(rail()).toBeNull();
  });

  it('searches and starts a new chat from the rail while collapsed', async () => {
    localStorage.setItem(SIDEBAR_STORAGE_KEY, 'closed');
    const { history } = await renderLayout({ path: '/chat/a', seeds: [seed('a', Date.now())] });
    await act(async () => {
      fireEvent.click(within(rail()!).getByRole('button', { name: 'Search chats' }));
    });
    expect(palette()).toBeTruthy();
    await press(screen.getByRole('combobox'), 'Escape');
    await act(async () => {
      fireEvent.click(within(rail()!).getByRole('link', { name: 'New chat' }));
    });
    expect(path(history)).toBe('/');
    expect(nav().dataset.state).toBe('closed');
  });
});

describe('drawer (narrow screens)', () => {
  beforeEach(narrowWindow);

  const content = () => document.getElementById('content')!;

  async function openDrawer() {
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Open sidebar' }));
    });
  }

  it('starts closed, opens with focus inside, and Escape closes it and returns focus', async () => {
    await renderLayout({ path: '/chat/a', seeds: [seed('a', Date.now())] });
    expect(nav().dataset.mode).toBe('drawer');
    expect(nav().dataset.state).toBe('closed');
    expect(rail()).toBeNull();
    // The page's own top bar has the button (a floating one would lie under a sticky header).
    expect(screen.getByRole('banner').contains(screen.getByRole('button', { name: 'Open sidebar' }))).toBe(true);
    // A stored "open" is about the docked sidebar, not the drawer.
    expect(localStorage.getItem(SIDEBAR_STORAGE_KEY)).toBeNull();

    await openDrawer();
    expect(nav().dataset.state).toBe('open');
    expect(content().hasAttribute('inert')).toBe(true);
    expect(document.activeElement).toBe(within(nav()).getByRole('link', { name: 'Parley home' }));

    await press(document.activeElement!, 'Escape');
    expect(nav().dataset.state).toBe('closed');
    expect(content().hasAttribute('inert')).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open sidebar' }));
  });

  it('closes when the overlay is clicked', async () => {
    await renderLayout();
    await openDrawer();
    const overlay = document.querySelector('.layout__overlay')!;
    expect(overlay.getAttribute('data-state')).toBe('open');
    await act(async () => {
      fireEvent.click(overlay);
    });
    expect(nav().dataset.state).toBe('closed');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open sidebar' }));
  });

  it('closes when a chat is opened from it', async () => {
    const { history } = await renderLayout({ seeds: [seed('a', Date.now())] });
    await openDrawer();
    await act(async () => {
      fireEvent.click(within(nav()).getByRole('link', { name: 'Chat a' }));
    });
    await settle();
    expect(path(history)).toBe('/chat/a');
    expect(nav().dataset.state).toBe('closed');
  });

  it('keeps Escape for the rename field while renaming inside the drawer', async () => {
    await renderLayout({ seeds: [seed('a', Date.now())] });
    await openDrawer();
    await act(async () => {
      fireEvent.click(within(nav()).getByRole('button', { name: 'Options for Chat a' }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('menuitem', { name: 'Rename' }));
    });
    await press(screen.getByRole('textbox', { name: 'Chat title' }), 'Escape');
    expect(screen.queryByRole('textbox', { name: 'Chat title' })).toBeNull();
    expect(nav().dataset.state).toBe('open');
  });
});
