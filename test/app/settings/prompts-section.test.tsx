import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import PromptsSection from '../../../src/app/settings/prompts/prompts-section';
import { promptsFile, readPromptsFile } from '../../../src/app/settings/prompts/prompts-json';
import { createLibraryStore, resetLibraryStore } from '../../../src/chat/library';
import type { LibraryPrompt, LibraryRecord } from '../../../src/chat/types';
import { resetToasts, toastStore } from '../../../src/ui/toast';
import { TooltipProvider } from '../../../src/ui/tooltip';
import { memoryLibrary, promptRow } from '../../support/library-memory';

afterEach(() => {
  cleanup();
  resetLibraryStore();
  resetToasts();
});

async function show(rows = [promptRow('p-1', 'Summarise', 'Summarise {{text}} on {{date}}')], download?: (value: unknown, name: string) => void) {
  const library = memoryLibrary(rows);
  await act(async () => {
    render(
      <TooltipProvider>
        <PromptsSection download={download} now={() => new Date('2026-11-27T08:00:00Z')} />
      </TooltipProvider>,
    );
  });
  const section = screen.getByRole('region', { name: 'Prompts' });
  return { ...library, ui: within(section) };
}

const names = (ui: ReturnType<typeof within>) =>
  [...(ui.queryByRole('list', { name: 'Saved prompts' })?.querySelectorAll('.prompt-item__name') ?? [])].map((name) => name.textContent);
const storedPrompts = (rows: Map<string, unknown>) => [...rows.values()] as LibraryPrompt[];

describe('Settings → Prompts', () => {
  it('lists the prompts with the variables each asks for', async () => {
    const { ui } = await show();
    expect(names(ui)).toEqual(['Summarise']);
    expect(ui.getByText('Asks for: text')).toBeTruthy();
    expect(ui.getByText('Filled in by Parley: date')).toBeTruthy();
  });

  it('adds a prompt (the variables shown as it is written), stored, focus on it after', async () => {
    const { ui, rows } = await show();
    fireEvent.click(ui.getByRole('button', { name: 'Add prompt' }));
    const name = ui.getByLabelText('Name');
    expect(document.activeElement).toBe(name);
    fireEvent.change(name, { target: { value: 'Standup' } });
    fireEvent.change(ui.getByLabelText('Prompt'), { target: { value: 'Yesterday: {{done}}. Today {{ plan }}.' } });
    expect(ui.getByText('Asks for: done, plan')).toBeTruthy();
    await act(async () => fireEvent.click(ui.getByRole('button', { name: 'Save' })));
    expect(names(ui)).toEqual(['Standup', 'Summarise']);
    expect(storedPrompts(rows).map((p) => [p.name, p.body])).toContainEqual(['Standup', 'Yesterday: {{done}}. Today {{ plan }}.']);
    await waitFor(() => expect(document.activeElement).toBe(ui.getByRole('button', { name: 'Edit Standup' })));
  });

  it('refuses a prompt without a name or text, saying which', async () => {
    const { ui, rows } = await show([]);
    fireEvent.click(ui.getByRole('button', { name: 'Add prompt' }));
    await act(async () => fireEvent.click(ui.getByRole('button', { name: 'Save' })));
    expect(ui.getByRole('alert').textContent).toBe('Give the prompt a name.');
    fireEvent.change(ui.getByLabelText('Name'), { target: { value: 'Empty' } });
    await act(async () => fireEvent.click(ui.getByRole('button', { name: 'Save' })));
    expect(ui.getByRole('alert').textContent).toBe('Write the prompt.');
    expect(document.activeElement).toBe(ui.getByLabelText('Prompt'));
    expect(rows.size).toBe(0);
  });

  it('edits a prompt in place; Escape cancels without saving', async () => {
    const { ui, rows } = await show();
    fireEvent.click(ui.getByRole('button', { name: 'Edit Summarise' }));
    const body = ui.getByLabelText<HTMLTextAreaElement>('Prompt');
    expect(body.value).toBe('Summarise {{text}} on {{date}}');
    fireEvent.change(body, { target: { value: 'Shorten {{text}}' } });
    fireEvent.keyDown(body, { key: 'Escape' });
    expect(storedPrompts(rows)[0]!.body).toBe('Summarise {{text}} on {{date}}');
    fireEvent.click(ui.getByRole('button', { name: 'Edit Summarise' }));
    fireEvent.change(ui.getByLabelText('Name'), { target: { value: 'Shorten' } });
    fireEvent.change(ui.getByLabelText('Prompt'), { target: { value: 'Shorten {{text}}' } });
    await act(async () => fireEvent.click(ui.getByRole('button', { name: 'Save' })));
    expect(names(ui)).toEqual(['Shorten']);
    expect(storedPrompts(rows)).toEqual([expect.objectContaining({ id: 'p-1', name: 'Shorten', body: 'Shorten {{text}}' })]);
  });

  it('duplicates a prompt under a free name', async () => {
    const { ui, rows } = await show();
    await act(async () => fireEvent.click(ui.getByRole('button', { name: 'Duplicate Summarise' })));
    await act(async () => fireEvent.click(ui.getByRole('button', { name: 'Duplicate Summarise' })));
    expect(names(ui)).toEqual(['Summarise', 'Summarise (copy)', 'Summarise (copy) (2)']);
    expect(storedPrompts(rows).every((p) => p.body === 'Summarise {{text}} on {{date}}')).toBe(true);
  });

  it('deletes with Undo, here and in a toast; Undo brings it back as it was', async () => {
    const { ui, rows } = await show([promptRow('starter-x', 'Starter one', 'Body {{a}}'), promptRow('p-2', 'Other', 'B')]);
    await act(async () => fireEvent.click(ui.getByRole('button', { name: 'Delete Starter one' })));
    expect(names(ui)).toEqual(['Other']);
    expect(rows.has('starter-x')).toBe(false);
    const toast = toastStore.getSnapshot().at(-1)!;
    expect([toast.title, toast.description, toast.actions?.map((a) => a.label)]).toEqual(['Prompt deleted', 'Starter one', ['Undo']]);
    expect(ui.getByRole('status').textContent).toMatch(/Deleted “Starter one”/);
    await act(async () => fireEvent.click(ui.getByRole('button', { name: 'Undo' })));
    expect(names(ui)).toEqual(['Other', 'Starter one']);
    expect(rows.get('starter-x')).toEqual(expect.objectContaining({ name: 'Starter one', body: 'Body {{a}}' }));
  });

  it('exports the prompts in the documented shape', async () => {
    let saved: { value: unknown; name: string } | undefined;
    const { ui } = await show(undefined, (value, name) => (saved = { value, name }));
    fireEvent.click(ui.getByRole('button', { name: 'Export as JSON' }));
    expect(saved).toEqual({ name: 'parley-prompts-2026-11-27.json', value: { parley: 'prompts', version: 1, prompts: [{ name: 'Summarise', body: 'Summarise {{text}} on {{date}}' }] } });
    expect(ui.getByRole('status').textContent).toBe('Exported 1 prompts as parley-prompts-2026-11-27.json.');
  });

  it('imports a file: broken entries skipped and named, taken names get (2), the rest stored', async () => {
    const { ui, rows } = await show();
    const file = new File(
      [
        JSON.stringify({
          parley: 'prompts',
          version: 1,
          prompts: [{ name: 'Summarise', body: 'Mine' }, { name: 'No text' }, 'oops', { name: '', body: 'x' }, { name: 'Fine', body: 'Fine {{x}}' }],
        }),
      ],
      'mine.json',
      { type: 'application/json' },
    );
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await act(async () => fireEvent.change(input, { target: { files: [file] } }));
    await waitFor(() => expect(ui.getByRole('status').textContent).toMatch(/Imported 2 prompts from mine.json/));
    expect(names(ui)).toEqual(['Fine', 'Summarise', 'Summarise (2)']);
    expect(storedPrompts(rows).find((p) => p.name === 'Summarise (2)')?.body).toBe('Mine');
    const skipped = ui.getAllByRole('listitem').filter((item) => item.closest('.prompts-section__skipped')).map((item) => item.textContent);
    expect(skipped).toEqual(['entry 2 (No text): its text is not text or is too long', 'entry 3: it is not an object', 'entry 4: it has no name']);
  });

  it('shows the import as it goes (a progress bar, the count), then says the result; Import waits until it ends', async () => {
    const rows = new Map<string, LibraryRecord>();
    let written: ((done: number) => void) | undefined;
    let finish: (() => void) | undefined;
    const store = createLibraryStore({
      channel: null,
      io: {
        list: async () => [...rows.values()],
        put: async (record) => (rows.set(record.id, record), true),
        add: (records, onProgress) =>
          new Promise<boolean>((resolve) => {
            written = (done) => onProgress?.(done, records.length);
            finish = () => (records.forEach((record) => rows.set(record.id, record)), resolve(true));
          }),
        delete: async (id) => rows.delete(id),
        startersAdded: async () => true,
        markStartersAdded: async () => {},
      },
    });
    resetLibraryStore(store);
    await act(async () => {
      render(
        <TooltipProvider>
          <PromptsSection />
        </TooltipProvider>,
      );
    });
    const ui = within(screen.getByRole('region', { name: 'Prompts' }));
    const prompts = Array.from({ length: 40 }, (_, i) => ({ name: `Prompt ${i}`, body: `Body ${i}` }));
    const file = new File([JSON.stringify({ parley: 'prompts', version: 1, prompts })], 'many.json', { type: 'application/json' });
    await act(async () => fireEvent.change(document.querySelector<HTMLInputElement>('input[type="file"]')!, { target: { files: [file] } }));
    await waitFor(() => expect(written).toBeDefined());
    const status = ui.getByRole('status');
    expect(status.getAttribute('data-state')).toBe('running');
    expect(status.textContent).toBe('Importing 40 prompts from many.json…');
    expect(ui.getByRole('button', { name: 'Import JSON' }).hasAttribute('disabled')).toBe(true);
    await act(async () => written!(25));
    const bar = ui.getByRole('progressbar', { name: 'Importing prompts' });
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax')]).toEqual(['25', '40']);
    await act(async () => finish!());
    await waitFor(() => expect(status.textContent).toBe('Imported 40 prompts from many.json.'));
    expect(status.getAttribute('data-state')).toBe('done');
    expect(ui.queryByRole('progressbar')).toBeNull();
    expect(rows.size).toBe(40);
    expect(names(ui)).toHaveLength(40);
  });

  it('a file that is not a prompts file is named and changes nothing', async () => {
    const { ui, rows } = await show();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await act(async () => fireEvent.change(input, { target: { files: [new File(['{ nope'], 'bad.json')] } }));
    await waitFor(() => expect(ui.getByRole('status').textContent).toBe('bad.json is not a prompts file Parley can read: it is not JSON'));
    expect(rows.size).toBe(1);
  });
});

describe('the prompts file', () => {
  it('round-trips: what is exported is read back (names made free)', () => {
    const file = promptsFile([{ name: 'A', body: 'a {{x}}' }, { name: 'B', body: 'b' }]);
    const read = readPromptsFile(JSON.stringify(file), ['a']);
    expect(read).toEqual({ ok: true, prompts: [{ name: 'A (2)', body: 'a {{x}}' }, { name: 'B', body: 'b' }], skipped: [] });
  });

  it('names many copies of one name in turn, skipping those already taken', () => {
    const read = readPromptsFile(JSON.stringify({ parley: 'prompts', version: 1, prompts: Array.from({ length: 4 }, () => ({ name: 'Same', body: 'b' })) }), ['same', 'Same (2)']);
    expect(read.ok && read.prompts.map((prompt) => prompt.name)).toEqual(['Same (3)', 'Same (4)', 'Same (5)', 'Same (6)']);
  });

  it('refuses other files and newer versions with a reason', () => {
    expect(readPromptsFile('[]', [])).toEqual({ ok: false, reason: 'it is not a Parley prompts file (it needs "parley": "prompts")' });
    expect(readPromptsFile(JSON.stringify({ parley: 'prompts', version: 2, prompts: [] }), [])).toEqual({ ok: false, reason: 'its version 2 is not one this Parley reads' });
    expect(readPromptsFile(JSON.stringify({ parley: 'prompts', version: 1 }), [])).toEqual({ ok: false, reason: 'it has no list of prompts' });
  });
});
