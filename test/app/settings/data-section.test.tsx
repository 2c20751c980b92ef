import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataSection } from '../../../src/app/settings/data-section';
import type { StorageLike } from '../../../src/app/settings/use-storage-status';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import { TooltipProvider } from '../../../src/ui/tooltip';
import { seed } from '../../chat/backup/backup-fixtures';
import { disposeStores, makeStore } from '../../chat/store-harness';

afterEach(() => {
  cleanup();
  disposeStores();
});

const MB = 1_000_000;

function storage(persisted: boolean, answer: boolean | 'missing' = true): StorageLike & { persist: ReturnType<typeof vi.fn> } {
  return {
    estimate: async () => ({ usage: 12 * MB, quota: 2_000 * MB }),
    persisted: async () => persisted,
    persist: vi.fn(async () => answer === true),
  };
}

async function show(options: { storage?: StorageLike; seeded?: boolean } = {}) {
  const persistence = createMemoryPersistence();
  if (options.seeded) await seed(persistence, { files: false });
  const { store } = makeStore({ persistence });
  const download = vi.fn();
  const reload = vi.fn();
  await act(async () => {
    render(
      <TooltipProvider>
        <DataSection store={store} storage={'storage' in options ? options.storage : storage(false)} download={download} reload={reload} formatDate={(ms) => `day ${ms}`} />
      </TooltipProvider>,
    );
  });
  const section = screen.getByRole('region', { name: 'Data' });
  return { store, persistence, download, reload, section, ui: within(section) };
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
/** The outcome a backup or a restore left in its status line, once it has one. */
const outcome = (ui: ReturnType<typeof within>, state: 'done' | 'failed') =>
  waitFor(() => {
    const found = ui.getAllByRole('status').find((s: HTMLElement) => s.getAttribute('data-state') === state);
    if (!found) throw new Error(`no ${state} status`);
    return found;
  });

describe('Settings → Data: storage', () => {
  it('shows how much space Parley uses of what the browser allows', async () => {
    const { section } = await show();
    const usage = section.querySelector('.data-usage')!;
    expect(usage.getAttribute('data-state')).toBe('known');
    expect(usage.textContent).toBe('Parley uses 12 MB of the 2 GB this browser allows.');
  });

  it('asks for persistent storage and shows that the browser granted it', async () => {
    const store = storage(false, true);
    const { ui, section } = await show({ storage: store });
    const state = () => section.querySelector('.data-persist')!;
    expect(state().getAttribute('data-state')).toBe('not-persistent');
    await act(async () => {
      fireEvent.click(ui.getByRole('button', { name: 'Ask to keep data' }));
    });
    expect(store.persist).toHaveBeenCalledTimes(1);
    expect(state().getAttribute('data-state')).toBe('granted');
    expect(state().textContent).toMatch(/^Granted/);
    expect(ui.queryByRole('button', { name: 'Ask to keep data' })).toBeNull();
  });

  it('shows a refusal, and lets the user ask again', async () => {
    const { ui, section } = await show({ storage: storage(false, false) });
    await act(async () => {
      fireEvent.click(ui.getByRole('button', { name: 'Ask to keep data' }));
    });
    expect(section.querySelector('.data-persist')!.getAttribute('data-state')).toBe('denied');
    expect(section.querySelector('.data-persist')!.textContent).toMatch(/^The browser said no/);
    expect(ui.getByRole('button', { name: 'Ask to keep data' })).toBeTruthy();
  });

  it('says when storage is already persistent, or when the browser cannot tell', async () => {
    const { section } = await show({ storage: storage(true) });
    expect(section.querySelector('.data-persist')!.getAttribute('data-state')).toBe('persistent');
    expect(within(section).queryByRole('button', { name: 'Ask to keep data' })).toBeNull();
    cleanup();
    const bare = await show({ storage: undefined });
    expect(bare.section.querySelector('.data-usage')!.textContent).toBe('This browser does not say how much space Parley uses.');
    expect(bare.section.querySelector('.data-persist')!.getAttribute('data-state')).toBe('unsupported');
  });
});

describe('Settings → Data: backup and restore', () => {
  it('backs up everything into one dated file, without keys unless ticked (with a warning), and records when', async () => {
    vi.setSystemTime(new Date(2025, 4, 6, 12));
    const { ui, download, store } = await show({ seeded: true });
    expect(ui.getByText('Last backup: day 42.')).toBeTruthy();
    const keys = ui.getByRole('checkbox', { name: 'Include API keys' });
    expect(ui.queryByText(/The file will hold your API keys/)).toBeNull();
    fireEvent.click(keys);
    const warning = ui.getByText(/The file will hold your API keys/);
    expect(keys.getAttribute('aria-describedby')).toBe(warning.id);
    await act(async () => {
      fireEvent.click(ui.getByRole('button', { name: 'Back up everything' }));
    });
    await waitFor(() => expect(download).toHaveBeenCalled());
    expect(download).toHaveBeenCalledTimes(1);
    const [blob, name] = download.mock.calls[0]! as [Blob, string];
    expect(name).toBe('parley-backup-2025-05-06.json');
    const doc = JSON.parse(await blob.text());
    expect(doc.includesApiKeys).toBe(true);
    expect(doc.connections[0].apiKey).toBe('sk-secret');
    const status = await outcome(ui, 'done');
    expect(status.textContent).toBe('Backup saved as parley-backup-2025-05-06.json: 2 chats, 7 messages, 0 files.');
    const madeAt = new Date(2025, 4, 6, 12).getTime();
    expect(ui.getByText(`Last backup: day ${madeAt}.`)).toBeTruthy();
    expect(await store.getSetting('lastBackupAt')).toBe(madeAt);
    vi.useRealTimers();
  });

  it('restores a backup file and says what came back; a broken one changes nothing and says why', async () => {
    const source = createMemoryPersistence();
    await seed(source, { files: false });
    const { writeBackup } = await import('../../../src/chat/backup/write-backup');
    const text = await (await writeBackup(source)).blob.text();
    const { ui, section, persistence, reload } = await show();
    const input = section.querySelector<HTMLInputElement>('input[type=file]')!;
    const choose = async (file: File) => {
      await act(async () => {
        Object.defineProperty(input, 'files', { value: [file], configurable: true });
        fireEvent.change(input);
      });
    };
    await choose(new File(['{"format":"parley.backup","chats":['], 'cut.json'));
    const failed = await outcome(ui, 'failed');
    expect(failed.textContent).toBe('cut.json was not restored: the file ends too early (an interrupted download?). Nothing was changed.');
    expect(await persistence.listChats()).toEqual([]);

    await choose(new File([text], 'parley-backup.json'));
    const done = await outcome(ui, 'done');
    expect(done.textContent).toContain('Restored 2 chats with 7 messages and 0 files.');
    expect(done.textContent).toContain('Restored connections and settings are used after a reload.');
    expect((await persistence.listChats()).map((c) => c.title)).toEqual(['Branched', 'With a PDF']);
    fireEvent.click(within(done).getByRole('button', { name: 'Reload now' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('Settings → Data: the reminder', () => {
  it('is on, every 30 days, by default; the switch and the period are saved', async () => {
    const { ui, store } = await show();
    const toggle = ui.getByRole('switch', { name: 'Remind me to back up' }) as HTMLInputElement;
    const days = ui.getByRole('spinbutton', { name: 'Days without a backup before the reminder' }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(days.value).toBe('30');
    fireEvent.change(days, { target: { value: '500' } });
    fireEvent.blur(days);
    await settle();
    expect(days.value).toBe('365');
    expect(await store.getSetting('backupReminder')).toEqual({ enabled: true, days: 365 });
    fireEvent.click(toggle);
    await settle();
    expect(days.disabled).toBe(true);
    expect(await store.getSetting('backupReminder')).toEqual({ enabled: false, days: 365 });
  });
});
