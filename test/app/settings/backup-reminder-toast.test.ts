import { afterEach, describe, expect, it, vi } from 'vitest';
import { REMINDED_SESSION_KEY, remindToBackUp } from '../../../src/app/settings/backup-reminder-toast';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import type { ToastOptions } from '../../../src/ui/toast/toast-store';
import { chat, message } from '../../chat/fixtures';
import { disposeStores, makeStore } from '../../chat/store-harness';

afterEach(disposeStores);

const DAY = 24 * 60 * 60 * 1000;

function session() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

async function setUp({ chatAt, lastBackupAt, reminder }: { chatAt?: number; lastBackupAt?: number; reminder?: unknown }) {
  const persistence = createMemoryPersistence();
  if (chatAt !== undefined) await persistence.createChat(chat('c1', chatAt), [message('m1', null, chatAt)]);
  if (lastBackupAt !== undefined) await persistence.putSetting('lastBackupAt', lastBackupAt);
  if (reminder !== undefined) await persistence.putSetting('backupReminder', reminder);
  const { store } = makeStore({ persistence });
  const shown: ToastOptions[] = [];
  return { store, shown, notify: (options: ToastOptions) => shown.push(options) };
}

describe('the reminder to back up', () => {
  it('shows once a session when the last backup is older than the period, with a one-press backup', async () => {
    const { store, shown, notify } = await setUp({ chatAt: 0, lastBackupAt: 10 * DAY });
    const download = vi.fn();
    const tab = session();
    const now = () => 45 * DAY;
    expect(await remindToBackUp({ store, now, notify, session: tab, download })).toBe(true);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ title: 'Time for a backup', description: 'No backup of your chats in 35 days. Your chats live only in this browser.' });
    expect(tab.getItem(REMINDED_SESSION_KEY)).toBe('1');
    expect(await remindToBackUp({ store, now, notify, session: tab, download })).toBe(false);
    expect(shown).toHaveLength(1);

    shown[0]!.actions![0]!.onClick!({ preventDefault() {} });
    await vi.waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    expect(download.mock.calls[0]![1]).toMatch(/^parley-backup-\d{4}-\d{2}-\d{2}\.json$/);
    expect(await store.getSetting('lastBackupAt')).toBe(45 * DAY);
    await vi.waitFor(() => expect(shown.map((s) => s.title)).toEqual(['Time for a backup', 'Backup saved']));
  });

  it.each([
    ['a backup within the period', { chatAt: 0, lastBackupAt: 20 * DAY }, 45 * DAY],
    ['no chats at all', {}, 400 * DAY],
    ['chats younger than the period, never backed up', { chatAt: 20 * DAY }, 45 * DAY],
    ['the reminder turned off', { chatAt: 0, reminder: { enabled: false, days: 30 } }, 400 * DAY],
    ['a longer period chosen', { chatAt: 0, lastBackupAt: 0, reminder: { enabled: true, days: 60 } }, 45 * DAY],
  ])('stays quiet with %s', async (_what, facts, at) => {
    const { store, shown, notify } = await setUp(facts);
    expect(await remindToBackUp({ store, now: () => at, notify, session: session() })).toBe(false);
    expect(shown).toEqual([]);
  });

  it('says so when this browser never made a backup', async () => {
    const { store, shown, notify } = await setUp({ chatAt: 0 });
    await remindToBackUp({ store, now: () => 31 * DAY, notify, session: null });
    expect(shown[0]!.description).toBe('Your chats live only in this browser and have never been backed up.');
  });
});
