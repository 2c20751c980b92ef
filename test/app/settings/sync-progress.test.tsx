// Settings → Sync during a large first sync (issue 15): a progress bar named by its text, done of total.
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SyncSection } from '../../../src/app/settings/sync/sync-section';
import { resetSyncService } from '../../../src/chat/sync/sync-service';
import { resetSyncStatus, setSyncStatus } from '../../../src/chat/sync/sync-status-store';
import { syncIsOn } from './sync-service-stub';

afterEach(() => {
  cleanup();
  resetSyncService();
  resetSyncStatus();
});

describe('Settings → Sync progress', () => {
  it('shows done of total while a large sync runs, and nothing once synced', async () => {
    syncIsOn();
    setSyncStatus({ state: 'syncing', pending: 1500, done: 500, total: 2000 });
    await act(async () => void render(<SyncSection />));
    const ui = within(screen.getByRole('region', { name: 'Sync' }));
    const text = `${(500).toLocaleString()} of ${(2000).toLocaleString()} items synced`;
    const bar = ui.getByRole('progressbar', { name: text });
    expect(bar.getAttribute('aria-valuenow')).toBe('500');
    expect(bar.getAttribute('aria-valuemax')).toBe('2000');
    expect(ui.getByText(text)).toBeTruthy();
    act(() => setSyncStatus({ state: 'synced' }));
    expect(ui.queryByRole('progressbar')).toBeNull();
  });
});
