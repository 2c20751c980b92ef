// Issue 38: Settings → Compare shows the leaderboard counted from the library's votes, an empty
// state without any, and clears it with one Undo (here and in a toast).
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import CompareSection from '../../../src/app/settings/compare/compare-section';
import { resetLibraryStore } from '../../../src/chat/library';
import type { LibraryRecord, LibraryVote } from '../../../src/chat/types';
import { resetToasts, toastStore } from '../../../src/ui/toast';
import { TooltipProvider } from '../../../src/ui/tooltip';
import { memoryLibrary, promptRow } from '../../support/library-memory';

afterEach(() => {
  cleanup();
  resetLibraryStore();
  resetToasts();
});

const vote = (id: string, models: string[], winner?: string): LibraryVote => ({ id, kind: 'vote', createdAt: 1, updatedAt: 1, models, ...(winner && { winner }) });

async function show(rows: LibraryRecord[]) {
  const library = memoryLibrary(rows);
  await act(async () => {
    render(
      <TooltipProvider>
        <CompareSection />
      </TooltipProvider>,
    );
  });
  const section = screen.getByRole('region', { name: 'Compare' });
  return { ...library, section, ui: within(section) };
}

/** A table's cells, row by row, as text: header row first. */
const cells = (table: HTMLElement) => [...table.querySelectorAll('tr')].map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('Settings → Compare', () => {
  it('without votes: the explanation and the empty state, no table, nothing to clear', async () => {
    const { ui, section } = await show([promptRow('p', 'Not a vote', 'x')]);
    expect(section.dataset.state).toBe('empty');
    expect(ui.getByText(/Compare models in a chat from the model picker/)).toBeTruthy();
    expect(ui.getByText('No votes yet: compare models in blind mode and pick the better answer.')).toBeTruthy();
    expect(ui.queryByRole('table')).toBeNull();
    expect(ui.queryByRole('button', { name: 'Clear leaderboard' })).toBeNull();
  });

  it('shows each model’s standing and each pair’s head to head, as tables with headers', async () => {
    const { ui, section } = await show([vote('v1', ['qwen3-8b', 'llama3.2'], 'qwen3-8b'), vote('v2', ['llama3.2', 'qwen3-8b']), vote('v3', ['qwen3-8b', 'llama3.2', 'gemma3'], 'gemma3')]);
    expect(section.dataset.state).toBe('counted');
    expect(ui.getByText('Counted from 3 votes.')).toBeTruthy();
    const models = ui.getByRole('table', { name: 'Models' });
    expect(cells(models)).toEqual([
      ['Model', 'Wins', 'Losses', 'Ties'],
      ['gemma3', '2', '0', '0'],
      ['qwen3-8b', '1', '1', '1'],
      ['llama3.2', '0', '2', '1'],
    ]);
    expect([...models.querySelectorAll('thead th')].every((th) => th.getAttribute('scope') === 'col')).toBe(true);
    expect([...models.querySelectorAll('tbody th')].every((th) => th.getAttribute('scope') === 'row')).toBe(true);
    expect(cells(ui.getByRole('table', { name: 'Head to head' }))).toEqual([
      ['Pair', 'Wins', 'Ties'],
      ['llama3.2 vs qwen3-8b', 'llama3.2 0, qwen3-8b 1', '1'],
      ['gemma3 vs llama3.2', 'gemma3 1, llama3.2 0', '0'],
      ['gemma3 vs qwen3-8b', 'gemma3 1, qwen3-8b 0', '0'],
    ]);
    // Each table scrolls in a named box a keyboard can reach.
    for (const name of ['Models', 'Head to head']) expect(ui.getByRole('group', { name }).tabIndex).toBe(0);
  });

  it('a vote arriving (another tab, another device) shows at once', async () => {
    const { ui, store } = await show([]);
    await act(async () => void (await store.put(vote('v9', ['a', 'b'], 'b'))));
    expect(cells(ui.getByRole('table', { name: 'Models' })).slice(1)).toEqual([
      ['b', '1', '0', '0'],
      ['a', '0', '1', '0'],
    ]);
  });

  it('Clear leaderboard removes every vote (and nothing else) with one Undo, here and in a toast', async () => {
    const { ui, rows } = await show([vote('v1', ['a', 'b'], 'a'), vote('v2', ['a', 'c']), promptRow('p', 'Keep me', 'x')]);
    await act(async () => fireEvent.click(ui.getByRole('button', { name: 'Clear leaderboard' })));
    expect(ui.queryByRole('table')).toBeNull();
    expect(ui.getByText('No votes yet: compare models in blind mode and pick the better answer.')).toBeTruthy();
    expect([...rows.keys()]).toEqual(['p']);
    expect(document.activeElement).toBe(ui.getByRole('heading', { name: 'Compare' }));
    const toast = toastStore.getSnapshot().at(-1)!;
    expect([toast.title, toast.description, toast.actions?.map((a) => a.label)]).toEqual(['Leaderboard cleared', '2 votes removed.', ['Undo']]);
    expect(ui.getByRole('status').textContent).toBe('Leaderboard cleared: 2 votes removed. Undo');

    await act(async () => fireEvent.click(ui.getByRole('button', { name: 'Undo' })));
    expect(cells(ui.getByRole('table', { name: 'Models' })).slice(1)).toEqual([
      ['a', '1', '0', '1'],
      ['c', '0', '0', '1'],
      ['b', '0', '1', '0'],
    ]);
    expect([...rows.keys()].sort()).toEqual(['p', 'v1', 'v2']);
    expect(ui.getByRole('status').textContent).toBe('');
    expect(document.activeElement).toBe(ui.getByRole('button', { name: 'Clear leaderboard' }));
  });

  it('the toast’s Undo brings them back too, and the line here goes', async () => {
    const { ui, rows } = await show([vote('v1', ['a', 'b'], 'a')]);
    await act(async () => fireEvent.click(ui.getByRole('button', { name: 'Clear leaderboard' })));
    expect(rows.has('v1')).toBe(false);
    const undo = toastStore.getSnapshot().at(-1)!.actions![0]!;
    act(() => undo.onClick!({ preventDefault() {} }));
    await waitFor(() => expect(ui.getByRole('status').textContent).toBe(''));
    expect(rows.has('v1')).toBe(true);
    expect(cells(ui.getByRole('table', { name: 'Models' })).slice(1)).toEqual([
      ['a', '1', '0', '0'],
      ['b', '0', '1', '0'],
    ]);
  });
});
