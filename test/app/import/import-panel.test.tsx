import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImportPanel } from '../../../src/app/import/import-panel';
import type { ImportBackend } from '../../../src/app/import/use-import-run';
import { previewImport, runImport } from '../../../src/chat/import';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import { TooltipProvider } from '../../../src/ui/tooltip';
import { fixture, fixtureText, textFile } from '../../chat/import/import-files';

/** "Import from another app" over the real import pipeline and a memory storage. */

afterEach(cleanup);

function setup() {
  const persistence = createMemoryPersistence();
  const announce = vi.fn<(chatIds: readonly string[]) => void>();
  const reloadLibrary = vi.fn(async () => {});
  const backend: ImportBackend = { previewImport, runImport, persistence: async () => persistence, announce, reloadLibrary };
  const mount = (files?: File[]) =>
    render(
      <TooltipProvider>
        <ImportPanel backend={backend} files={files} formatDate={(ms) => new Date(ms).toISOString().slice(0, 10)} />
      </TooltipProvider>,
    );
  return { persistence, announce, reloadLibrary, mount };
}

const panel = () => within(screen.getByRole('group', { name: 'Import from another app' }));
const chooseButton = () => screen.getByRole('button', { name: 'Choose a file to import' });

function choose(files: File[]) {
  const input = screen.getByLabelText<HTMLInputElement>('Choose a file to import', { selector: 'input' });
  Object.defineProperty(input, 'files', { configurable: true, value: files });
  fireEvent.change(input);
}

describe('ImportPanel', () => {
  it('reads a chosen ChatGPT zip, previews it, imports it on Import, announces the new chats and gives focus back', async () => {
    const { persistence, announce, mount } = setup();
    mount();
    expect(chooseButton().getAttribute('aria-describedby')).toBeTruthy();
    act(() => chooseButton().focus());
    choose([fixture('chatgpt/export.zip')]);

    const heading = await panel().findByRole('heading', { name: 'Found in the ChatGPT export' });
    const preview = heading.closest('section')!;
    expect(preview.getAttribute('data-state')).toBe('ready');
    expect(within(preview).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '3 chats with 11 messages',
      'From 2023-11-14 to 2023-11-16',
      '5 parts left out because they show nothing: 2 hidden by the app, 1 empty system message, 2 tool calls and their output',
      'To import: 3 chats, 11 messages, 2 pictures and files',
    ]);
    const importButton = within(preview).getByRole('button', { name: 'Import' });
    await waitFor(() => expect(document.activeElement).toBe(importButton));
    expect(await persistence.listChats()).toEqual([]);

    fireEvent.click(importButton);
    await waitFor(() => expect(panel().getByRole('status').textContent).toBe('Imported 3 chats, 11 messages.'));
    expect(await persistence.listChats()).toHaveLength(3);
    expect(announce).toHaveBeenCalledTimes(1);
    expect([...announce.mock.calls[0]![0]].sort()).toEqual((await persistence.listChats()).map((chat) => chat.id).sort());
    expect(document.activeElement).toBe(chooseButton());
  });

  it('names the projects of Claude’s projects.json, imports them, and has the library read them (issue 23)', async () => {
    const { persistence, reloadLibrary, mount } = setup();
    mount([fixture('claude/projects.json')]);
    const heading = await panel().findByRole('heading', { name: 'Found in the Claude export' });
    const preview = heading.closest('section')!;
    expect(preview.getAttribute('data-state')).toBe('ready');
    expect(within(preview).getByText('Projects to add: “Thesis: soil microbiome”, “Meal planning”.')).toBeTruthy();
    fireEvent.click(within(preview).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(panel().getByRole('status').textContent).toBe('Added 2 projects.'));
    expect((await persistence.listLibrary()).map((row) => row.kind)).toEqual(['project', 'project']);
    expect(reloadLibrary).toHaveBeenCalledTimes(1);

    // Again: nothing new, so no Import.
    cleanup();
    mount([fixture('claude/projects.json')]);
    const again = (await panel().findByRole('heading', { name: 'Found in the Claude export' })).closest('section')!;
    expect(again.getAttribute('data-state')).toBe('nothing-new');
    expect(within(again).getByText('2 projects were imported before and are left out; their new chats go into them.')).toBeTruthy();
  });

  it('says the chats are already here on a second import, and offers no Import', async () => {
    const { persistence, mount } = setup();
    await runImport(await previewImport([fixture('chatgpt/export.zip')], { persistence }), { persistence });
    mount([fixture('chatgpt/export.zip')]);
    const heading = await panel().findByRole('heading', { name: 'Found in the ChatGPT export' });
    const preview = heading.closest('section')!;
    expect(preview.getAttribute('data-state')).toBe('nothing-new');
    expect(within(preview).getByText('3 chats are already here and will be left out')).toBeTruthy();
    expect(within(preview).getByText('Every chat in it is already here: there is nothing to import.')).toBeTruthy();
    expect(within(preview).queryByRole('button', { name: 'Import' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('names the broken file in an alert and imports nothing', async () => {
    const { persistence, announce, mount } = setup();
    const text = fixtureText('chatgpt/conversations.json');
    mount([textFile(text.slice(0, Math.floor(text.length / 2)), 'conversations.json')]);
    const alert = await waitFor(() => {
      const found = panel().getByRole('alert');
      expect(found.textContent).not.toBe('');
      return found;
    });
    expect(alert.textContent).toBe('Nothing was imported. conversations.json stops before its end: the download was probably cut off. Download the export again.');
    expect(screen.getByRole('group', { name: 'Import from another app' }).getAttribute('data-state')).toBe('failed');
    expect(await persistence.listChats()).toEqual([]);
    expect(announce).not.toHaveBeenCalled();
  });

  it('Cancel on the preview imports nothing, says so and puts focus back on the file button', async () => {
    const { persistence, mount } = setup();
    mount([fixture('claude/conversations.json')]);
    const heading = await panel().findByRole('heading', { name: 'Found in the Claude export' });
    fireEvent.click(within(heading.closest('section')!).getByRole('button', { name: 'Cancel' }));
    expect(panel().getByRole('status').textContent).toBe('Import cancelled. Nothing was imported.');
    expect(panel().queryByRole('heading')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(chooseButton()));
    expect(await persistence.listChats()).toEqual([]);
  });
});
