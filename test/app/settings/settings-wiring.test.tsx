import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../../src/app/app';
import { LazySettingsDialog } from '../../../src/app/lazy-dialogs';
import { matchesSettingsHotkey, SETTINGS_HOTKEY } from '../../../src/app/settings';
import { createChatStore, resetChatStore } from '../../../src/chat';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import { resetConnectionsStore } from '../../../src/chat/connections';
import { createMemoryHistory } from '../../../src/router';
import { resetToasts } from '../../../src/ui/toast';
import { makeConnectionsStore } from '../../chat/connections/connections-harness';
import { key } from '../hotkey-event';

describe('the Settings hotkey', () => {
  it('is Ctrl/⌘ and the comma', () => {
    expect(SETTINGS_HOTKEY).toEqual({ key: ',', shift: false });
  });

  it.each([
    ['Ctrl+, elsewhere', key({ key: ',', code: 'Comma', ctrlKey: true }), false, true],
    ['⌘, on a Mac', key({ key: ',', code: 'Comma', metaKey: true }), true, true],
    ['Ctrl+, on a Mac', key({ key: ',', code: 'Comma', ctrlKey: true }), true, false],
    ['a layout where the comma key types б', key({ key: 'б', code: 'Comma', ctrlKey: true }), false, true],
    ['Ctrl+Shift+,', key({ key: '<', code: 'Comma', ctrlKey: true, shiftKey: true }), false, false],
    ['a plain comma', key({ key: ',', code: 'Comma' }), false, false],
    ['Ctrl+. ', key({ key: '.', code: 'Period', ctrlKey: true }), false, false],
    ['during IME composition', key({ key: ',', code: 'Comma', ctrlKey: true, isComposing: true }), false, false],
  ])('%s → %s', (_label, event, apple, expected) => {
    expect(matchesSettingsHotkey(event, apple)).toBe(expected);
  });
});

let history: ReturnType<typeof createMemoryHistory>;
const address = () => history.entries[history.entries.length - 1];

describe('the app opens Settings', () => {
  beforeEach(async () => {
    // Settings loads on first use; fetched here, it opens within the click.
    await LazySettingsDialog.preload();
    resetChatStore(createChatStore({ persistence: createMemoryPersistence(), broadcast: null, win: null, doc: null, locks: null }));
    const harness = makeConnectionsStore({}, { probe: async () => [] });
    await harness.store.init();
    resetConnectionsStore(harness.store);
    history = createMemoryHistory('/');
    render(<App history={history} base="" />);
    await screen.findByRole('heading', { level: 1, name: 'What shall we talk about?' });
  });
  afterEach(() => {
    // Unmount first: a render after the resets below would create fresh (real) stores.
    cleanup();
    resetChatStore();
    resetConnectionsStore();
    resetToasts();
  });

  const settings = () => screen.queryByRole('dialog', { name: 'Settings' });

  it('from the sidebar’s Settings button', async () => {
    expect(settings()).toBeNull();
    fireEvent.click(within(screen.getByRole('navigation')).getByRole('button', { name: 'Settings' }));
    expect(settings()).toBeTruthy();
  });

  it('with Ctrl+, from anywhere, even inside the composer', async () => {
    const composer = screen.getByRole('textbox', { name: 'Message' });
    const event = new KeyboardEvent('keydown', { key: ',', code: 'Comma', ctrlKey: true, bubbles: true, cancelable: true });
    act(() => {
      composer.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    expect(settings()).toBeTruthy();
    fireEvent.click(within(settings()!).getByRole('button', { name: 'Done' }));
    expect(settings()).toBeNull();
  });

  it('from the home page’s help when no server is connected', async () => {
    const help = await screen.findByRole('region', { name: 'Connect a model to start' });
    await waitFor(() => expect(within(help).getByText('No Ollama or llama.cpp server answered on this computer.')).toBeTruthy());
    fireEvent.click(within(help).getByRole('button', { name: 'Open Settings' }));
    expect(settings()).toBeTruthy();
  });

  it('keeps it in the address (?settings=section) on the page it opens over, and forgets it when closed', async () => {
    fireEvent.click(within(screen.getByRole('navigation')).getByRole('button', { name: 'Settings' }));
    expect(address()).toBe('/?settings=');
    const sections = within(settings()!).getByRole('navigation', { name: 'Settings sections' });
    expect(within(sections).getAllByRole('button').map((b) => b.textContent)).toEqual(['Instructions', 'Connections and models', 'Chats', 'Presets', 'Prompts', 'Tools', 'Code', 'Search', 'Compare', 'Voice', 'Data', 'Sync']);
    fireEvent.click(within(sections).getByRole('button', { name: 'Sync' }));
    expect(address()).toBe('/?settings=sync');
    expect(within(sections).getByRole('button', { name: 'Sync' }).getAttribute('aria-current')).toBe('true');
    expect(within(settings()!).getByRole('heading', { level: 3, name: 'Sync' })).toBeTruthy();
    expect(within(settings()!).queryByRole('heading', { level: 3, name: 'Connections' })).toBeNull();
    // Only the query changed: no entry was pushed, the route is the same.
    expect(history.entries).toHaveLength(1);
    fireEvent.click(within(settings()!).getByRole('button', { name: 'Done' }));
    expect(settings()).toBeNull();
    expect(address()).toBe('/');
  });

  it('opens at the section a link names, and the home page’s help opens it at Connections', async () => {
    act(() => history.replace('/?settings=data'));
    expect(within(settings()!).getByRole('heading', { level: 3, name: 'Data' })).toBeTruthy();
    fireEvent.click(within(settings()!).getByRole('button', { name: 'Done' }));
    const help = await screen.findByRole('region', { name: 'Connect a model to start' });
    fireEvent.click(within(help).getByRole('button', { name: 'Open Settings' }));
    expect(address()).toBe('/?settings=connections');
  });
});
