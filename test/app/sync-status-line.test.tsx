// The sidebar's sync line: a large first sync shows its progress (text and bar); small bursts a count.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SyncStatusLine } from '../../src/app/sidebar/sync-status-line';

describe('the sync status line', () => {
  it('a large sync shows a whole percent and a progress bar with done of total', () => {
    render(<SyncStatusLine status={{ state: 'syncing', pending: 150_000, done: 50_000, total: 200_000 }} />);
    expect(screen.getByRole('status').textContent).toBe('Syncing… 25%');
    expect(screen.getByRole('status').getAttribute('data-state')).toBe('syncing');
    const bar = screen.getByRole('progressbar', { name: 'Sync progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50000');
    expect(bar.getAttribute('aria-valuemax')).toBe('200000');
    expect(bar.getAttribute('aria-valuetext')).toBe(`${(50_000).toLocaleString()} of ${(200_000).toLocaleString()} items synced`);
  });

  it('a few changes show their count and no bar; synced shows neither', () => {
    const { rerender } = render(<SyncStatusLine status={{ state: 'syncing', pending: 3 }} />);
    expect(screen.getByRole('status').textContent).toBe('Syncing 3 changes…');
    expect(screen.queryByRole('progressbar')).toBeNull();
    rerender(<SyncStatusLine status={{ state: 'synced' }} />);
    expect(screen.getByRole('status').textContent).toBe('Synced');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('documents from the server not stored here (broken, skipped): says how many, never “Synced” (issue 32)', () => {
    const { rerender } = render(<SyncStatusLine status={{ state: 'incomplete', unapplied: 1 }} />);
    expect(screen.getByRole('status').textContent).toBe('Sync: 1 item from the server not stored here (see Settings → Sync)');
    expect(screen.getByRole('status').getAttribute('data-state')).toBe('incomplete');
    rerender(<SyncStatusLine status={{ state: 'incomplete', unapplied: 3 }} />);
    expect(screen.getByRole('status').textContent).toBe('Sync: 3 items from the server not stored here (see Settings → Sync)');
  });
});
