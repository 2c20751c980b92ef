// What encrypted sync refused from the server (issue 20, finding 7): Settings → Sync says it per kind,
// naming the chats a server deleted without a signed deletion, and the sidebar's line points there.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SyncStatusLine } from '../../../src/app/sidebar/sync-status-line';
import { SyncSection } from '../../../src/app/settings/sync/sync-section';
import { addSyncRefusal, clearSyncNotices } from '../../../src/chat/sync/sync-notices';
import { resetSyncService } from '../../../src/chat/sync/sync-service';
import { resetSyncStatus, setSyncStatus } from '../../../src/chat/sync/sync-status-store';
import { syncIsOn } from './sync-service-stub';

afterEach(() => {
  cleanup();
  resetSyncService();
  resetSyncStatus();
  clearSyncNotices();
});

describe('refused server changes', () => {
  it('Settings → Sync names them per kind, titles as text, until dismissed', async () => {
    syncIsOn({ passphrase: 'p' });
    setSyncStatus({ state: 'synced' });
    await act(async () => void render(<SyncSection />));
    const ui = within(screen.getByRole('region', { name: 'Sync' }));
    expect(ui.queryByRole('alert')).toBeNull();

    act(() => {
      addSyncRefusal({ kind: 'older', chatId: 'c1', title: 'Budget' });
      addSyncRefusal({ kind: 'older', chatId: 'c2', title: 'Trip' });
      addSyncRefusal({ kind: 'older', chatId: 'c1', title: 'Budget' });
      addSyncRefusal({ kind: 'unsigned-deletion', chatId: 'c3', title: '<img src=x onerror=alert(1)>' });
    });
    const alert = ui.getByRole('alert');
    expect(alert.textContent).toContain('The server sent an older copy of 2 chats than this device has already seen; they were not applied.');
    expect(alert.textContent).toContain('The server deleted 1 chat, “<img src=x onerror=alert(1)>”, without a deletion signed by your devices; it was kept here.');
    expect(alert.querySelector('img')).toBeNull();

    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(ui.queryByRole('alert')).toBeNull();
  });

  it('names library items from the server that do not read, plain sync too (issue 23)', async () => {
    syncIsOn();
    setSyncStatus({ state: 'synced' });
    await act(async () => void render(<SyncSection />));
    const ui = within(screen.getByRole('region', { name: 'Sync' }));
    act(() => {
      addSyncRefusal({ kind: 'broken', chatId: 'lib:odd', title: 'Odd one' });
      addSyncRefusal({ kind: 'broken', chatId: 'lib:junk', title: 'junk' });
    });
    expect(ui.getByRole('alert').textContent).toContain('The server sent 2 library items that Parley cannot read; they were skipped: “Odd one”, “junk”.');
  });

  it('names the chats the server sent a broken copy of, by their titles as text (issue 32)', async () => {
    syncIsOn();
    setSyncStatus({ state: 'incomplete', unapplied: 2 });
    await act(async () => void render(<SyncSection />));
    const ui = within(screen.getByRole('region', { name: 'Sync' }));
    act(() => {
      addSyncRefusal({ kind: 'broken-chat', chatId: 'c7', title: 'Chat <b>7</b>' });
      addSyncRefusal({ kind: 'broken-chat', chatId: 'nullchat', title: 'nullchat' });
    });
    const alert = ui.getByRole('alert');
    expect(alert.textContent).toContain('The server sent broken copies of 2 chats (or of some of their messages) that Parley cannot store; what was broken was skipped: “Chat <b>7</b>”, “nullchat”.');
    expect(alert.querySelector('b')).toBeNull();
  });

  it('names a library item here that was not sent because its own reader refuses it, without the tampering hint (issue 32)', async () => {
    syncIsOn();
    setSyncStatus({ state: 'synced' });
    await act(async () => void render(<SyncSection />));
    const ui = within(screen.getByRole('region', { name: 'Sync' }));
    act(() => addSyncRefusal({ kind: 'not-sent', chatId: 'lib:p1', title: 'Thesis' }));
    const alert = ui.getByRole('alert');
    expect(alert.querySelector('[data-kind="not-sent"]')!.textContent).toBe(
      '1 library item here was not sent: another device could not read it back (“Thesis”). It is still on this device: fix it (a project past its limits: remove some of its files) and it is sent once changed.',
    );
    expect(alert.textContent).not.toContain('tampered');
    act(() => addSyncRefusal({ kind: 'broken', chatId: 'lib:odd', title: 'Odd one' }));
    expect(ui.getByRole('alert').textContent).toContain('tampered');
  });

  it('the sidebar line says how many chats had a change refused', () => {
    render(<SyncStatusLine status={{ state: 'synced' }} />);
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => {
      addSyncRefusal({ kind: 'unsigned-deletion', chatId: 'c1', title: 'A' });
      addSyncRefusal({ kind: 'unreadable', chatId: 'c2' });
    });
    expect(screen.getByRole('alert').textContent).toBe('Sync: changes to 2 chats refused (see Settings → Sync)');
    expect(screen.getByRole('status').textContent).toBe('Synced');
  });
});
