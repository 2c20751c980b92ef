import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECENT_CHATS_LIMIT } from '../../src/app/search-palette';
import { resetChatStore } from '../../src/chat';
import { resetToasts } from '../../src/ui/toast';
import { nav, path, press, renderLayout, seed, settle } from './layout-harness';

afterEach(() => {
  resetChatStore();
  resetToasts();
});

const NOW = Date.now();
const HOUR = 3_600_000;

const seeds = [
  seed('recipes', NOW - 1 * HOUR, { title: 'Dinner ideas', text: 'How long should I roast a butternut squash?' }),
  seed('taxes', NOW - 2 * HOUR, { title: 'Tax return', text: 'Which receipts do I keep for the deduction?' }),
  seed('trip', NOW - 3 * HOUR, { title: 'Lisbon trip', text: 'Plan three days in Lisbon with a day trip to Sintra.' }),
];

async function openPalette() {
  await act(async () => {
    fireEvent.click(within(nav()).getByRole('button', { name: 'Search chats' }));
  });
  return screen.getByRole('combobox', { name: 'Search chat titles and messages' });
}

async function type(input: HTMLElement, text: string) {
  await act(async () => {
    fireEvent.change(input, { target: { value: text } });
  });
}

const options = () => screen.queryAllByRole('option');
const paletteStatus = () => within(screen.getByRole('dialog', { name: 'Search chats' })).getByRole('status');
const activeOption = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-activedescendant') ?? '');

describe('search palette', () => {
  it('lists recent chats before anything is typed, the first one active', async () => {
    const many = Array.from({ length: RECENT_CHATS_LIMIT + 3 }, (_, i) => seed(`c${i}`, NOW - i * HOUR));
    await renderLayout({ seeds: many });
    const input = await openPalette();
    const listbox = screen.getByRole('listbox', { name: 'Recent chats' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    expect(options().map((o) => o.textContent)).toEqual(many.slice(0, RECENT_CHATS_LIMIT).map((s) => s.chat.title));
    expect(activeOption(input)).toBe(options()[0]);
    expect(options()[0]!.getAttribute('aria-selected')).toBe('true');
  });

  it('finds a chat by the text of a message, emphasises the match, and Enter opens it', async () => {
    const { history } = await renderLayout({ seeds });
    const input = await openPalette();
    await type(input, 'sintra');
    await waitFor(() => expect(options()).toHaveLength(1));
    const option = options()[0]!;
    expect(within(option).getByText('Lisbon trip')).toBeTruthy();
    expect(option.querySelector('mark')?.textContent).toBe('Sintra');
    expect(option.textContent).toContain('with a day trip to Sintra.');
    await waitFor(() => expect(paletteStatus().textContent).toBe('1 chat found'));

    await press(input, 'Enter');
    await settle();
    expect(path(history)).toBe('/chat/trip');
    // Opened at the matching message (the chat page scrolls to it and highlights it).
    expect(history.getSnapshot().search).toBe('?message=trip-m1');
    expect(screen.queryByRole('dialog', { name: 'Search chats' })).toBeNull();
  });

  it('moves the active option with the arrow keys, wrapping at both ends', async () => {
    await renderLayout({ seeds });
    const input = await openPalette();
    const selected = () => options().filter((o) => o.getAttribute('aria-selected') === 'true');
    expect(activeOption(input)?.textContent).toBe('Dinner ideas');

    await press(input, 'ArrowDown');
    expect(activeOption(input)?.textContent).toBe('Tax return');
    expect(selected()).toEqual([activeOption(input)]);
    await press(input, 'ArrowDown');
    await press(input, 'ArrowDown');
    expect(activeOption(input)?.textContent).toBe('Dinner ideas');
    await press(input, 'ArrowUp');
    expect(activeOption(input)?.textContent).toBe('Lisbon trip');
  });

  it('matches titles too, and opens a chat on click', async () => {
    const { history } = await renderLayout({ seeds });
    const input = await openPalette();
    await type(input, 'tax');
    await waitFor(() => expect(options().map((o) => o.textContent)).toEqual(['Tax return']));
    expect(options()[0]!.querySelector('mark')?.textContent).toBe('Tax');
    await act(async () => {
      fireEvent.click(options()[0]!);
    });
    await settle();
    expect(path(history)).toBe('/chat/taxes');
  });

  it('says when nothing matches', async () => {
    await renderLayout({ seeds });
    const input = await openPalette();
    await type(input, 'quantum chromodynamics');
    await waitFor(() => expect(paletteStatus().textContent).toBe('No chats match “quantum chromodynamics”'));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
  });

  it('searches once for a burst of keystrokes, abandoning the queries typed over', async () => {
    const { store } = await renderLayout({ seeds });
    const search = vi.spyOn(store, 'search');
    const input = await openPalette();
    await type(input, 'l');
    await type(input, 'li');
    await type(input, 'lis');
    await waitFor(() => expect(options().map((o) => o.textContent)).toEqual(['Lisbon trip']));
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]![0]).toBe('lis');
  });

  it('closes with Escape and starts empty when opened again', async () => {
    await renderLayout({ seeds });
    let input = await openPalette();
    await type(input, 'tax');
    await press(input, 'Escape');
    expect(screen.queryByRole('dialog', { name: 'Search chats' })).toBeNull();
    input = await openPalette();
    expect((input as HTMLInputElement).value).toBe('');
  });
});
