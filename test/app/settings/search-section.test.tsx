// Settings → Search (issue 37): the default, where searches go, the SearXNG address saved and
// refused, and Check saying what the SearXNG test server's mode is, with the lines to copy.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import SearchSection from '../../../src/app/settings/search/search-section';
import { configureSearchSettings, getSearchSettingsStore, resetSearchSettings, SEARCH_SETTING } from '../../../src/chat/web-search';
import { resetLibraryStore } from '../../../src/chat/library';
import { TooltipProvider } from '../../../src/ui/tooltip';
import { memoryLibrary } from '../../support/library-memory';
import { startSearxngServer, type RunningSearxngServer } from '../../support/searxng-server/index.mjs';

let searxng: RunningSearxngServer;
beforeAll(async () => {
  searxng = await startSearxngServer();
});
afterAll(() => searxng.close());
afterEach(() => {
  cleanup();
  resetSearchSettings();
  resetLibraryStore();
  searxng.reset();
});

async function show(stored?: unknown) {
  const rows = new Map<string, unknown>(stored === undefined ? [] : [[SEARCH_SETTING, stored]]);
  configureSearchSettings({ load: async (key) => rows.get(key), save: async (key, value) => void rows.set(key, structuredClone(value)) });
  const library = memoryLibrary([{ id: 'defaults', kind: 'defaults', createdAt: 1, updatedAt: 1, temperature: 0.3 }]);
  await act(async () => {
    render(
      <TooltipProvider>
        <SearchSection />
      </TooltipProvider>,
    );
  });
  const section = await screen.findByRole('region', { name: 'Search' });
  const ui = within(section);
  return {
    ui,
    row: () => rows.get(SEARCH_SETTING),
    defaults: () => library.rows.get('defaults'),
    address: () => ui.getByRole('textbox', { name: 'SearXNG address' }) as HTMLInputElement,
    status: () => ui.getAllByRole('status').map((s) => s.textContent).join(' '),
  };
}

describe('Settings → Search', () => {
  it('starts off, automatic, with no address; each setting is saved as it is set, the default with the chat defaults', async () => {
    const { ui, row, address, defaults } = await show();
    const defaultOn = ui.getByRole('switch', { name: 'Search the web in new chats' }) as HTMLInputElement;
    expect(defaultOn.checked).toBe(false);
    expect(defaultOn.getAttribute('aria-describedby')).toBe(ui.getByText(/Each chat has its own switch in the message box’s Tools menu/).id);
    const auto = ui.getByRole('radio', { name: /The provider’s own search where it has one/ }) as HTMLInputElement;
    expect(auto.checked).toBe(true);
    expect(address().value).toBe('');
    expect(ui.getByText('No SearXNG address saved.')).toBeTruthy();
    expect(ui.getByText(/add it in Settings → Tools/)).toBeTruthy();

    await act(async () => fireEvent.click(defaultOn));
    await act(async () => fireEvent.click(ui.getByRole('radio', { name: 'Always my SearXNG' })));
    expect(row()).toEqual({ searxngUrl: '', route: 'searxng' });
    // The defaults' other fields stay.
    expect(defaults()).toMatchObject({ temperature: 0.3, webSearch: true });
    expect(defaultOn.checked).toBe(true);
  });

  it('refuses an address it cannot use, keeping the saved one, and saves a good one with Enter', async () => {
    const { ui, row, address } = await show({ searxngUrl: 'http://localhost:8888/' });
    expect(address().value).toBe('http://localhost:8888/');
    fireEvent.change(address(), { target: { value: 'searx.lan' } });
    await act(async () => fireEvent.submit(address().form!));
    expect(ui.getByRole('alert').textContent).toMatch(/^This is not a web address Parley can use\..*The saved address stays\.$/);
    expect(address().getAttribute('aria-invalid')).toBe('true');
    expect(getSearchSettingsStore().getSnapshot().searxngUrl).toBe('http://localhost:8888/');
    fireEvent.change(address(), { target: { value: ' https://search.example.org/searx/?q=1 ' } });
    await act(async () => fireEvent.submit(address().form!));
    expect(ui.queryByRole('alert')).toBeNull();
    expect(row()).toMatchObject({ searxngUrl: 'https://search.example.org/searx/' });
    expect(ui.getByText('Searches go to https://search.example.org/searx/')).toBeTruthy();
    await act(async () => fireEvent.click(ui.getByRole('button', { name: 'Remove' })));
    expect(row()).toMatchObject({ searxngUrl: '' });
    expect(document.activeElement).toBe(address());
  });

  it('Check says JSON output is off and shows the settings.yml lines with a Copy button; then says it works', async () => {
    const { ui, address, status } = await show();
    const check = ui.getByRole('button', { name: 'Check' }) as HTMLButtonElement;
    // Nothing to check yet.
    expect(check.disabled).toBe(true);
    fireEvent.change(address(), { target: { value: searxng.url } });
    searxng.setMode('json-off');
    await act(async () => fireEvent.click(check));
    await screen.findByText(/SearXNG answers 403 Forbidden to format=json/);
    expect(status()).toContain('Add json to search.formats in SearXNG’s settings.yml, then restart SearXNG:');
    expect(ui.getByRole('group', { name: 'Lines for settings.yml' }).textContent).toBe('search:\n  formats:\n    - html\n    - json');
    expect(ui.getByRole('button', { name: 'Copy the lines for settings.yml' })).toBeTruthy();

    searxng.setMode('working');
    await act(async () => fireEvent.click(check));
    await screen.findByText('SearXNG works: 8 results for “SearXNG”.');
    expect(ui.queryByRole('group', { name: 'Lines for settings.yml' })).toBeNull();
    // Checking saved nothing: the address is saved by Save.
    expect(getSearchSettingsStore().getSnapshot().searxngUrl).toBe('');
  });
});
