import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataSection } from '../../../src/app/settings/data/data-section';
import type { StorageLike } from '../../../src/app/settings/data/use-storage-status';
import type { ChatPersistence } from '../../../src/chat';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import { TooltipProvider } from '../../../src/ui/tooltip';
import { createModelPreferences } from '../../../src/chat/connections/model-preferences';
import { connectionsOver, seed } from '../../chat/backup/backup-fixtures';
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

async function show(options: { storage?: StorageLike; seeded?: boolean; persistence?: ChatPersistence } = {}) {
  const persistence = options.persistence ?? createMemoryPersistence();
  const connections = connectionsOver(persistence);
  if (options.seeded) await seed(persistence, { files: false });
  const { store } = makeStore({ persistence });
  const download = vi.fn();
  const preferences = createModelPreferences({ load: (key) => persistence.getSetting(key), save: (key, value) => persistence.putSetting(key, value) });
  await preferences.init();
  await act(async () => {
    render(
      <TooltipProvider>
        <DataSection
          store={store}
          storage={'storage' in options ? options.storage : storage(false)}
          download={download}
          preferences={preferences}
          formatDate={(ms) => `day ${ms}`}
          connections={connections}
        />
      </TooltipProvider>,
    );
  });
  const section = screen.getByRole('region', { name: 'Data' });
  return { store, persistence, connections, preferences, download, section, ui: within(section) };
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

  it('says plainly which library item a backup leaves out because a restore could not read it back (issue 32)', async () => {
    const persistence = createMemoryPersistence();
    const text = 'x'.repeat(1_000_001);
    const files = Array.from({ length: 5 }, (_, i) => ({ id: `f${i}`, name: `big-${i}.txt`, kind: 'text', size: text.length, text, addedAt: 1 }));
    await persistence.putLibrary({ id: 'old', kind: 'project', name: 'Thesis', files, createdAt: 1, updatedAt: 1 });
    const { ui, download } = await show({ persistence });
    await act(async () => {
      fireEvent.click(ui.getByRole('button', { name: 'Back up everything' }));
    });
    await waitFor(() => expect(download).toHaveBeenCalled());
    const doc = JSON.parse(await (download.mock.calls[0]![0] as Blob).text());
    expect(doc.library).toEqual([]);
    const status = await outcome(ui, 'done');
    expect(status.querySelector('[data-state="left-out"]')!.textContent).toBe(
      'Not in this backup: 1 library item a restore could not read back, “Thesis” (its files hold too much text). It is still on this device: fix it (a project past its limits: remove some of its files) and back up again.',
    );
  });

  it('restores a backup file and says what came back; a broken one changes nothing and says why', async () => {
    const source = createMemoryPersistence();
    await seed(source, { files: false });
    const { writeBackup } = await import('../../../src/chat/backup/write-backup');
    const text = await (await writeBackup(source)).blob.text();
    const { ui, section, persistence, connections, preferences } = await show();
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
    expect(await persistence.getSetting('lastRestoreAt')).toBeUndefined();

    const before = Date.now();
    await choose(new File([text], 'parley-backup.json'));
    // First what it would add, nothing written yet.
    const preview = await waitFor(() => ui.getByRole('group', { name: 'Restore parley-backup.json?' }));
    expect(within(preview).getByText('2 chats with 7 messages and 0 files would be added.')).toBeTruthy();
    // When those chats were started and when the backup was made, in the reader's own date format.
    const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
    const starts = (await source.listChats()).map((c) => c.createdAt);
    const [first, last] = [day.format(Math.min(...starts)), day.format(Math.max(...starts))];
    // Chats started on one day name that day once (issue 33), not "from Nov 29 to Nov 29".
    expect(within(preview).getByText(/^Chats started/).textContent).toBe(
      `Chats started ${first === last ? `on ${first}` : `from ${first} to ${last}`}; the backup was made on ${day.format(Date.now())}.`,
    );
    expect(await persistence.listChats()).toEqual([]);
    await act(async () => {
      fireEvent.click(within(preview).getByRole('button', { name: 'Restore' }));
    });
    const done = await outcome(ui, 'done');
    expect(done.textContent).toContain('Restored 2 chats with 7 messages and 0 files.');
    expect((await persistence.listChats()).map((c) => c.title)).toEqual(['Branched', 'With a PDF']);
    // The restored settings apply at once, without a reload.
    expect(done.textContent).not.toContain('reload');
    expect(preferences.getSnapshot().titles).toEqual({ generate: false });
    expect(preferences.getSnapshot().recentModels).toEqual(['oai/gpt-4o', 'local/llama3']);
    expect(connections.getSnapshot().defaultModel).toBe('oai/gpt-4o');
    // The backup reminder counts from the restore, not from the restored chats' dates.
    expect(await persistence.getSetting('lastRestoreAt')).toBeGreaterThanOrEqual(before);
  });
});

/** Chooses `file` in the Data section's restore input. */
async function chooseIn(section: HTMLElement, file: File) {
  const input = section.querySelector<HTMLInputElement>('input[type=file]')!;
  await act(async () => {
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    fireEvent.change(input);
  });
}

const crafted = (extra: Record<string, unknown>) =>
  JSON.stringify({
    format: 'parley.backup',
    version: 1,
    exportedAt: '2025-05-06T00:00:00.000Z',
    includesApiKeys: true,
    settings: {},
    connections: [],
    chats: [{ chat: { id: 'c9', title: 'Restored', titleSource: 'auto', createdAt: 1, updatedAt: 1, pinned: false }, messages: [{ id: 'q1', chatId: 'c9', parentId: null, role: 'user', content: 'hi', status: 'complete', createdAt: 1 }], attachments: [] }],
    ...extra,
  });

describe('Settings → Data: restore preview and failures (issue 20)', () => {
  it('lists each connection with its address and key, adds only the ones ticked, refuses a javascript: address, renames a taken name', async () => {
    const persistence = createMemoryPersistence();
    await persistence.putSetting('connections', [{ id: 'here', name: 'Local', kind: 'custom', baseUrl: 'http://127.0.0.1:1/v1' }]);
    const { ui, section, connections } = await show({ persistence });
    const text = crafted({
      connections: [
        { id: 'a', name: 'Local', kind: 'custom', baseUrl: 'http://127.0.0.1:2/v1' },
        { id: 'b', name: 'Keyed', kind: 'openai', baseUrl: 'https://keyed.example/v1', apiKey: 'sk-from-backup', apiKeyUrl: 'https://keyed.example/v1' },
        { id: 'c', name: 'Evil', kind: 'custom', baseUrl: 'javascript:alert(1)' },
        { id: 'd', name: 'Same place', kind: 'custom', baseUrl: 'http://127.0.0.1:1/v1' },
      ],
    });
    await chooseIn(section, new File([text], 'b.json'));
    const preview = await waitFor(() => ui.getByRole('group', { name: 'Restore b.json?' }));
    const local = within(preview).getByRole('checkbox', { name: 'Add “Local 2” and connect to http://127.0.0.1:2/v1' }) as HTMLInputElement;
    const keyed = within(preview).getByRole('checkbox', { name: 'Add “Keyed” and connect to https://keyed.example/v1' }) as HTMLInputElement;
    expect([local.checked, keyed.checked]).toEqual([false, false]);
    expect(within(preview).getByText('With the API key from the backup.')).toBeTruthy();
    expect(within(preview).getByText('“Evil” (javascript:alert(1)) is left out: Use an http:// or https:// address.')).toBeTruthy();
    expect(within(preview).getByText('“Same place” (http://127.0.0.1:1/v1) is already here.')).toBeTruthy();
    fireEvent.click(local);
    await act(async () => {
      fireEvent.click(within(preview).getByRole('button', { name: 'Restore' }));
    });
    expect((await outcome(ui, 'done')).textContent).toContain('1 connection was added.');
    await connections.flush();
    const stored = (await persistence.getSetting('connections')) as { id: string; name: string; baseUrl: string }[];
    expect(stored.map((c) => [c.id, c.name, c.baseUrl])).toEqual([
      ['here', 'Local', 'http://127.0.0.1:1/v1'],
      ['a', 'Local 2', 'http://127.0.0.1:2/v1'],
    ]);
    expect(JSON.stringify(stored)).not.toContain('sk-from-backup');
  });

  it('a backup of the library alone says what comes back, not "0 chats" (issue 23)', async () => {
    const { ui, section, persistence } = await show();
    const prompt = { id: 'lib-p', kind: 'prompt', name: 'Standup', body: 'Done: {{done}}', createdAt: 1, updatedAt: 1 };
    await chooseIn(section, new File([crafted({ version: 2, chats: [], library: [prompt] })], 'lib.json'));
    const preview = await waitFor(() => ui.getByRole('group', { name: 'Restore lib.json?' }));
    expect(within(preview).getByText('From your library, this would be added: 1 prompt.')).toBeTruthy();
    expect(preview.textContent).not.toContain('0 chats');
    await act(async () => {
      fireEvent.click(within(preview).getByRole('button', { name: 'Restore' }));
    });
    expect((await outcome(ui, 'done')).textContent).toBe('Added from your library: 1 prompt.');
    expect((await persistence.listLibrary()).map((row) => row.id)).toContain('lib-p');
  });

  it('Cancel writes nothing and says so', async () => {
    const { ui, section, persistence } = await show();
    await chooseIn(section, new File([crafted({})], 'c.json'));
    const preview = await waitFor(() => ui.getByRole('group', { name: 'Restore c.json?' }));
    fireEvent.click(within(preview).getByRole('button', { name: 'Cancel' }));
    expect((await outcome(ui, 'done')).textContent).toBe('Restore of c.json cancelled. Nothing was changed.');
    expect(await persistence.listChats()).toEqual([]);
  });

  it('a deeply nested field says which, and that nothing was changed', async () => {
    const { ui, section, persistence } = await show({ seeded: true });
    const before = await persistence.listChats();
    const nested = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
    await chooseIn(section, new File([crafted({}).replace('"content":"hi"', `"content":"hi","usage":{"x":${nested}}`)], 'deep.json'));
    const failed = await outcome(ui, 'failed');
    expect(failed.textContent).toMatch(/^deep\.json was not restored: chats\[0\]\.messages\[0\]\.usage\.x(\[0\])+ is nested more than 32 levels deep\. Nothing was changed\.$/);
    expect(await persistence.listChats()).toEqual(before);
  });

  it('a write the browser refuses says so, and nothing was changed', async () => {
    const target = createMemoryPersistence();
    await seed(target, { files: false });
    const failing: ChatPersistence = Object.assign(Object.create(target) as ChatPersistence, {
      importChats: () => Promise.reject(Object.assign(new Error('The disk is full'), { name: 'StorageError' })),
    });
    const { ui, section } = await show({ persistence: failing });
    const before = await target.listChats();
    await chooseIn(section, new File([crafted({})], 'full.json'));
    const preview = await waitFor(() => ui.getByRole('group', { name: 'Restore full.json?' }));
    await act(async () => {
      fireEvent.click(within(preview).getByRole('button', { name: 'Restore' }));
    });
    expect((await outcome(ui, 'failed')).textContent).toBe('full.json was not restored: the browser refused to store it (The disk is full). Nothing was changed.');
    expect(await target.listChats()).toEqual(before);
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
