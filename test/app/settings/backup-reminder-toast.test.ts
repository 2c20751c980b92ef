import { afterEach, describe, expect, it, vi } from 'vitest';
import { REMINDED_SESSION_KEY, remindToBackUp } from '../../../src/app/settings/data/backup-reminder-toast';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import type { ToastOptions } from '../../../src/ui/toast/toast-store';
import { chat, message } from '../../chat/fixtures';
import { disposeStores, makeStore } from '../../chat/store-harness';

afterEach(disposeStores);

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

function session() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

interface Facts {
  chatAt?: number;
  firstUseAt?: number;
  lastBackupAt?: number;
  lastImportAt?: number;
  lastRestoreAt?: number;
  reminder?: unknown;
}

async function setUp({ chatAt, reminder, ...times }: Facts) {
  const persistence = createMemoryPersistence();
  if (chatAt !== undefined) await persistence.createChat(chat('c1', chatAt), [message('m1', null, chatAt)]);
  for (const [key, at] of Object.entries(times)) await persistence.putSetting(key, at);
  if (reminder !== undefined) await persistence.putSetting('backupReminder', reminder);
  const { store } = makeStore({ persistence });
  const shown: ToastOptions[] = [];
  return { store, shown, notify: (options: ToastOptions) => shown.push(options) };
}

describe('the reminder to back up', () => {
  it('shows once a session when the last backup is older than the period, with a one-press backup', async () => {
    const { store, shown, notify } = await setUp({ chatAt: 0, firstUseAt: 0, lastBackupAt: 10 * DAY });
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
    ['a backup within the period', { chatAt: 0, firstUseAt: 0, lastBackupAt: 20 * DAY }, 45 * DAY],
    ['no chats at all', { firstUseAt: 0 }, 400 * DAY],
    ['first used within the period, never backed up', { chatAt: 20 * DAY, firstUseAt: 20 * DAY }, 45 * DAY],
    ['two-year-old chats imported 15 minutes ago', { chatAt: 0, firstUseAt: 0, lastImportAt: 730 * DAY - 15 * MINUTE }, 730 * DAY],
    ['a phone restored from a backup yesterday', { chatAt: 0, firstUseAt: 0, lastBackupAt: 0, lastRestoreAt: 729 * DAY }, 730 * DAY],
    ['the reminder turned off', { chatAt: 0, firstUseAt: 0, reminder: { enabled: false, days: 30 } }, 400 * DAY],
    ['a longer period chosen', { chatAt: 0, firstUseAt: 0, lastBackupAt: 0, reminder: { enabled: true, days: 60 } }, 45 * DAY],
  ])('stays quiet with %s', async (_what, facts, at) => {
    const { store, shown, notify } = await setUp(facts);
    expect(await remindToBackUp({ store, now: () => at, notify, session: session() })).toBe(false);
    expect(shown).toEqual([]);
  });

  it('on the first start with two-year-old chats, records the first use and stays quiet until the period has passed', async () => {
    const { store, shown, notify } = await setUp({ chatAt: 0 });
    expect(await remindToBackUp({ store, now: () => 730 * DAY, notify, session: session() })).toBe(false);
    expect(shown).toEqual([]);
    expect(await store.getSetting('firstUseAt')).toBe(730 * DAY);
    expect(await remindToBackUp({ store, now: () => 759 * DAY, notify, session: session() })).toBe(false);
    expect(await remindToBackUp({ store, now: () => 760 * DAY, notify, session: session() })).toBe(true);
    expect(await store.getSetting('firstUseAt')).toBe(730 * DAY);
    expect(shown.map((s) => s.title)).toEqual(['Time for a backup']);
  });

  it('counts the days in words: one day, not “1 days”', async () => {
    const { store, shown, notify } = await setUp({ chatAt: 0, firstUseAt: 0, lastBackupAt: 10 * DAY, reminder: { enabled: true, days: 1 } });
    await remindToBackUp({ store, now: () => 11 * DAY, notify, session: null });
    expect(shown[0]!.description).toBe('No backup of your chats in 1 day. Your chats live only in this browser.');
  });

  it('says so when this browser never made a backup', async () => {
    const { store, shown, notify } = await setUp({ chatAt: 0, firstUseAt: 0 });
    await remindToBackUp({ store, now: () => 31 * DAY, notify, session: null });
    expect(shown[0]!.description).toBe('Your chats live only in this browser and have never been backed up.');
  });
});
