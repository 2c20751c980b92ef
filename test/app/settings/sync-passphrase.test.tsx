// Settings → Sync on a second device (issue 15): an encrypted database asks for the passphrase and
// focus goes to its field; "Turn on sync" then carries it; a wrong one, or one on a plain database, says so.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SyncSection } from '../../../src/app/settings/sync/sync-section';
import { resetSyncService, type SyncConfig, type SyncService, type SyncTestResult } from '../../../src/chat/sync/sync-service';
import { resetSyncStatus, setSyncStatus } from '../../../src/chat/sync/sync-status-store';


afterEach(() => {
  cleanup();
  resetSyncService();
  resetSyncStatus();
});

/** A service answering as a server would: `answers` for Test, and a stored row that Turn on writes. */
function fakeService(answers: SyncTestResult[], onTurnOn: (config: Omit<SyncConfig, 'enabled'>) => void = () => {}) {
  let row: SyncConfig | undefined;
  const service: SyncService = {
    readConfig: async () => row,
    test: async () => answers.shift() ?? { ok: true, feed: 'selector' },
    turnOn: vi.fn(async (config) => {
      row = { ...config, enabled: true };
      onTurnOn(config);
    }),
    turnOff: async () => {},
    forget: async () => {},
    resume: async () => {},
  };
  resetSyncService(service);
  return service;
}

async function show() {
  await act(async () => void render(<SyncSection />));
  const ui = within(screen.getByRole('region', { name: 'Sync' }));
  fireEvent.change(ui.getByRole('textbox', { name: 'CouchDB address' }), { target: { value: 'http://couch.test:5984' } });
  return { ui, passphrase: ui.getByLabelText('Encryption passphrase (optional)') };
}

describe('Settings → Sync and the passphrase', () => {
  it('Test says whether the server filters its feed or sync skips files itself (issue 32)', async () => {
    fakeService([{ ok: true, feed: 'unfiltered' }, { ok: true, feed: 'selector' }]);
    const { ui } = await show();
    fireEvent.click(ui.getByRole('button', { name: 'Test' }));
    expect(await ui.findByText(/^This server cannot filter what it sends/)).toHaveProperty('parentElement', ui.getByRole('status'));
    fireEvent.click(ui.getByRole('button', { name: 'Test' }));
    await ui.findByText('The server filters what it sends: files stay on it until you open a chat that holds them.');
  });

  it('encryption settings out of bounds are named as such, not as a wrong passphrase (issue 32)', async () => {
    fakeService([{ ok: false, reason: 'crypto-parameters' }]);
    const { ui } = await show();
    fireEvent.click(ui.getByRole('button', { name: 'Test' }));
    const message = await ui.findByText(/^The database’s encryption settings on the server are not ones Parley accepts/);
    expect(message.closest('[data-reason]')?.getAttribute('data-reason')).toBe('crypto-parameters');
  });

  it('Test on an encrypted database says so and moves focus to the passphrase field', async () => {
    fakeService([{ ok: false, reason: 'passphrase-required' }]);
    const { ui, passphrase } = await show();
    fireEvent.click(ui.getByRole('button', { name: 'Test' }));
    await ui.findByText('The chats on this server are encrypted: enter the passphrase.');
    await waitFor(() => expect(document.activeElement).toBe(passphrase));
    expect(passphrase.getAttribute('aria-invalid')).toBe('true');
    expect(passphrase.getAttribute('aria-describedby')).toContain(ui.getByRole('status').querySelector('[data-reason]')?.id);
  });

  it('Turn on sync carries the passphrase typed after the prompt', async () => {
    const service = fakeService([{ ok: false, reason: 'passphrase-required' }]);
    const { ui, passphrase } = await show();
    fireEvent.click(ui.getByRole('button', { name: 'Test' }));
    await waitFor(() => expect(document.activeElement).toBe(passphrase));
    fireEvent.change(passphrase, { target: { value: 'violet kettle' } });
    expect(passphrase.getAttribute('aria-invalid')).toBeNull();
    await act(async () => void fireEvent.click(ui.getByRole('button', { name: 'Turn on sync' })));
    await waitFor(() => expect(service.turnOn).toHaveBeenCalledWith(expect.objectContaining({ passphrase: 'violet kettle' })));
    await ui.findByText('Sync is on with parley at http://couch.test:5984.');
  });

  it('a wrong passphrase while sync is on says nothing was synced, and focus returns to the field', async () => {
    fakeService([], () => setSyncStatus({ state: 'error', reason: 'wrong-passphrase' }));
    const { ui, passphrase } = await show();
    fireEvent.change(passphrase, { target: { value: 'a guess' } });
    await act(async () => void fireEvent.click(ui.getByRole('button', { name: 'Turn on sync' })));
    await ui.findByText('This passphrase does not open the database’s encryption. Nothing was synced.');
    await waitFor(() => expect(document.activeElement).toBe(passphrase));
  });

  it('a passphrase on a database of plain chats is refused with the way out', async () => {
    fakeService([{ ok: false, reason: 'plain-database' }]);
    const { ui, passphrase } = await show();
    fireEvent.change(passphrase, { target: { value: 'too late' } });
    fireEvent.click(ui.getByRole('button', { name: 'Test' }));
    const message = await ui.findByText(/^This database already holds unencrypted chats/);
    expect(message.closest('[data-reason]')?.getAttribute('data-reason')).toBe('plain-database');
    await waitFor(() => expect(document.activeElement).toBe(passphrase));
  });

  it('other failures leave focus where it was', async () => {
    fakeService([{ ok: false, reason: 'unauthorized' }]);
    const { ui, passphrase } = await show();
    const button = ui.getByRole('button', { name: 'Test' });
    button.focus();
    fireEvent.click(button);
    await ui.findByText('Wrong user name or password.');
    expect(document.activeElement).not.toBe(passphrase);
    expect(passphrase.getAttribute('aria-invalid')).toBeNull();
  });
});

describe('Settings → Sync turns on only after a test passed', () => {
  it('Turn on runs the test first: a server that fails it is explained and sync stays off', async () => {
    const service = fakeService([{ ok: false, reason: 'not-couchdb' }]);
    const { ui } = await show();
    await act(async () => void fireEvent.click(ui.getByRole('button', { name: 'Turn on sync' })));
    const reason = await ui.findByText(/^Something answers at this address, but not as CouchDB does/);
    expect(reason.textContent).toContain('like http://localhost:5984');
    expect(service.turnOn).not.toHaveBeenCalled();
    // Tested again (the server fixed), it turns on.
    await act(async () => void fireEvent.click(ui.getByRole('button', { name: 'Turn on sync' })));
    await waitFor(() => expect(service.turnOn).toHaveBeenCalledTimes(1));
  });
});
