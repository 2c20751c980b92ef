import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INITIAL_RENDERED_ENTRIES, MIDNIGHT_MARGIN_MS, RENDER_BATCH_ENTRIES } from '../../src/app/sidebar';
import { resetChatStore } from '../../src/chat';
import { resetToasts } from '../../src/ui/toast';
import { chooseFromMenu, nav, path, press, renderLayout, seed, settle } from './layout-harness';

// Noon on Sunday 15 March 2026, local time: every seed below is placed relative to it.
const NOW = new Date(2026, 2, 15, 12, 0);

beforeEach(() => {
  // Only Date is faked: the store's promises and the router still run on real time.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  resetChatStore();
  resetToasts();
  localStorage.clear();
});

/** The history's group headings (the Projects heading above them is always there, issue 33). */
const headings = () =>
  within(nav())
    .getAllByRole('heading')
    .map((h) => h.textContent)
    .filter((text) => text !== 'Projects');
const titlesUnder = (heading: string) => {
  const list = within(nav()).getByRole('list', { name: heading });
  return within(list)
    .getAllByRole('link')
    .map((link) => link.textContent);
};

describe('chat history', () => {
  it('groups chats by day and month, pinned first, newest first within a group', async () => {
    await renderLayout({
      seeds: [
        seed('dec', new Date(2025, 11, 24, 10)),
        seed('jan', new Date(2026, 0, 5, 10)),
        seed('feb', new Date(2026, 1, 20, 10)),
        seed('week', new Date(2026, 2, 10, 10)),
        seed('yesterday', new Date(2026, 2, 14, 23, 59)),
        seed('morning', new Date(2026, 2, 15, 0, 0)),
        seed('late', new Date(2026, 2, 15, 11, 0)),
        seed('old-pinned', new Date(2025, 10, 2), { pinned: true }),
      ],
    });
    expect(headings()).toEqual(['Pinned', 'Today', 'Yesterday', 'Previous 7 days', 'Previous 30 days', 'January 2026', 'December 2025']);
    expect(titlesUnder('Pinned')).toEqual(['Chat old-pinned']);
    expect(titlesUnder('Today')).toEqual(['Chat late', 'Chat morning']);
    expect(titlesUnder('Yesterday')).toEqual(['Chat yesterday']);
    expect(titlesUnder('January 2026')).toEqual(['Chat jan']);
  });

  it('moves Today into Yesterday at local midnight in an app left open', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(new Date(2026, 2, 15, 23, 59, 30));
    await renderLayout({ seeds: [seed('evening', new Date(2026, 2, 15, 21))] });
    expect(headings()).toEqual(['Today']);
    await act(async () => vi.advanceTimersByTime(29_000));
    expect(headings()).toEqual(['Today']);
    await act(async () => vi.advanceTimersByTime(MIDNIGHT_MARGIN_MS + 1_000));
    expect(headings()).toEqual(['Yesterday']);
  });

  it('says so when there are no chats yet', async () => {
    await renderLayout();
    expect(within(nav()).getByText('No chats yet')).toBeTruthy();
    // No group over nothing; only Projects, with its New project button.
    expect(within(nav()).queryAllByRole('heading').map((h) => h.textContent)).toEqual(['Projects']);
  });

  it('shows titles as text, never as markup', async () => {
    await renderLayout({ seeds: [seed('x', NOW, { title: '<img src=x onerror=alert(1)>' })] });
    const link = within(nav()).getByRole('link', { name: '<img src=x onerror=alert(1)>' });
    expect(link.querySelector('img')).toBeNull();
  });

  it('marks the open chat with aria-current and follows navigation', async () => {
    const { history } = await renderLayout({ path: '/chat/b', seeds: [seed('a', NOW), seed('b', NOW)] });
    expect(screen.getByRole('link', { name: 'Chat b' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Chat a' }).hasAttribute('aria-current')).toBe(false);

    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Chat a' }));
    });
    await settle();
    expect(path(history)).toBe('/chat/a');
    expect(screen.getByRole('link', { name: 'Chat a' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Chat b' }).hasAttribute('aria-current')).toBe(false);
  });

  it('renders a long history a batch at a time as the end of the list comes near', async () => {
    const observers: { callback: IntersectionObserverCallback; target?: Element }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        record: { callback: IntersectionObserverCallback; target?: Element };
        constructor(callback: IntersectionObserverCallback) {
          this.record = { callback };
          observers.push(this.record);
        }
        observe(target: Element) {
          this.record.target = target;
        }
        disconnect() {}
      },
    );
    const total = INITIAL_RENDERED_ENTRIES + RENDER_BATCH_ENTRIES + 20;
    const seeds = Array.from({ length: total }, (_, i) => seed(`c${i}`, NOW.getTime() - i * 60_000));
    await renderLayout({ seeds });
    const entries = () => within(nav()).getAllByRole('listitem').length;
    expect(entries()).toBe(INITIAL_RENDERED_ENTRIES);

    const reveal = async () => {
      const { callback, target } = observers.at(-1)!;
      await act(async () => callback([{ isIntersecting: true, target } as IntersectionObserverEntry], {} as IntersectionObserver));
    };
    await reveal();
    expect(entries()).toBe(INITIAL_RENDERED_ENTRIES + RENDER_BATCH_ENTRIES);
    await reveal();
    expect(entries()).toBe(total);
    vi.unstubAllGlobals();
  });
});

describe('entry menu', () => {
  it('renames in place: the field starts focused with the title selected, Enter saves', async () => {
    const { store } = await renderLayout({ seeds: [seed('a', NOW, { title: 'Old title' })] });
    await chooseFromMenu('Old title', 'Rename');
    const field = screen.getByRole('textbox', { name: 'Chat title' }) as HTMLInputElement;
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 'Old title'.length]);

    fireEvent.change(field, { target: { value: 'Trip to Lisbon' } });
    await press(field, 'Enter');
    await settle();
    // The first rename may wait for the store's actions to load (the app preloads them once idle).
    const link = await screen.findByRole('link', { name: 'Trip to Lisbon' });
    expect(document.activeElement).toBe(link);
    expect(store.getSnapshot().chats[0]!.title).toBe('Trip to Lisbon');
  });

  it('cancels a rename with Escape', async () => {
    const { store } = await renderLayout({ seeds: [seed('a', NOW, { title: 'Keep me' })] });
    await chooseFromMenu('Keep me', 'Rename');
    const field = screen.getByRole('textbox', { name: 'Chat title' });
    fireEvent.change(field, { target: { value: 'Something else' } });
    await press(field, 'Escape');
    expect(screen.queryByRole('textbox', { name: 'Chat title' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Keep me' })).toBeTruthy();
    expect(store.getSnapshot().chats[0]!.title).toBe('Keep me');
  });

  it('turns an emptied title into "Untitled" and saves on blur', async () => {
    await renderLayout({ seeds: [seed('a', NOW, { title: 'Temporary' })] });
    await chooseFromMenu('Temporary', 'Rename');
    const field = screen.getByRole('textbox', { name: 'Chat title' });
    fireEvent.change(field, { target: { value: '   ' } });
    await act(async () => {
      fireEvent.blur(field);
    });
    await settle();
    expect(within(nav()).getByRole('link', { name: 'Untitled' })).toBeTruthy();
  });

  it('pins a chat into Pinned and unpins it back, keeping keyboard focus on it', async () => {
    await renderLayout({ seeds: [seed('a', NOW), seed('b', new Date(2026, 2, 14, 9))] });
    await chooseFromMenu('Chat b', 'Pin');
    expect(headings()).toEqual(['Pinned', 'Today']);
    expect(titlesUnder('Pinned')).toEqual(['Chat b']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Options for Chat b' }));

    await chooseFromMenu('Chat b', 'Unpin');
    expect(headings()).toEqual(['Today', 'Yesterday']);
    expect(titlesUnder('Yesterday')).toEqual(['Chat b']);
  });

  it('deletes with a toast whose Undo brings the chat back', async () => {
    const { store } = await renderLayout({ seeds: [seed('a', NOW, { title: 'Recipes' }), seed('b', NOW, { title: 'Taxes' })] });
    await chooseFromMenu('Recipes', 'Delete');
    expect(within(nav()).queryByRole('link', { name: 'Recipes' })).toBeNull();
    const toastItem = (await screen.findByText('Chat deleted')).closest('li')!;
    expect(within(toastItem).getByText('Recipes')).toBeTruthy();

    await act(async () => {
      fireEvent.click(within(toastItem).getByRole('button', { name: 'Undo' }));
    });
    await waitFor(() => expect(within(nav()).getByRole('link', { name: 'Recipes' })).toBeTruthy());
    await expect(store.loadChat('a')).resolves.toBe(true);
    expect(store.getSnapshot().messages.get('a')?.[0]?.content).toBe('Hello from a');
  });

  it('leaves the open chat for home when it is deleted, and Undo returns to it', async () => {
    const { history } = await renderLayout({ path: '/chat/a', seeds: [seed('a', NOW)] });
    await chooseFromMenu('Chat a', 'Delete');
    expect(path(history)).toBe('/');
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    });
    await waitFor(() => expect(path(history)).toBe('/chat/a'));
  });
});
