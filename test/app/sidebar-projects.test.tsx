// The sidebar's projects (issue 23): above the history with their chats, folded or open
// (remembered), moving a chat by its menu, deleting a project with its chats kept or deleted,
// and Undo; and the search palette kept to a project.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryLibraryIo } from '../chat/library/memory-library-io';
import { FOLDED_PROJECTS_KEY } from '../../src/app/sidebar/use-folded-projects';
import { resetChatStore } from '../../src/chat';
import { createLibraryStore, resetLibraryStore, type LibraryStore } from '../../src/chat/library';
import type { LibraryProject } from '../../src/chat/types';
import { resetToasts } from '../../src/ui/toast';
import { chooseFromMenu, nav, path, press, renderLayout, seed, settle } from './layout-harness';

const NOW = Date.now();

const project = (id: string, name: string): LibraryProject => ({ id, kind: 'project', name, files: [], createdAt: NOW, updatedAt: NOW });

let library: LibraryStore;
let io: ReturnType<typeof memoryLibraryIo>;

beforeEach(() => {
  io = memoryLibraryIo([project('p1', 'Garden'), project('p2', 'Travel')]);
  library = createLibraryStore({ io, channel: null });
  resetLibraryStore(library);
});
afterEach(() => {
  cleanup();
  resetChatStore();
  resetLibraryStore();
  resetToasts();
  localStorage.clear();
});

const seeds = () => [
  seed('soil', NOW - 1000, { title: 'Soil pH', projectId: 'p1' }),
  seed('rome', NOW - 2000, { title: 'Trip to Rome' }),
  seed('compost', NOW - 3000, { title: 'Compost heap' }),
];

/** The titles listed under a project (its list is named after it). */
const chatsOf = (name: string) =>
  within(within(nav()).getByRole('list', { name }))
    .getAllByRole('link')
    .map((link) => link.textContent);
/** The titles of the history's groups. */
const historyTitles = () =>
  [...nav().querySelectorAll('.chat-group .chat-entry__link')].map((link) => link.textContent);

async function click(element: Element) {
  await act(async () => {
    fireEvent.click(element);
  });
  await settle();
}

describe('the sidebar’s projects', () => {
  it('lists projects above the history, each with its chats; a chat in a project is not in the history', async () => {
    await renderLayout({ seeds: seeds() });
    const headings = within(nav()).getAllByRole('heading').map((h) => h.textContent);
    expect(headings).toEqual(['Projects', 'Today']);
    expect(within(nav()).getAllByRole('link', { name: /Garden|Travel/ }).map((link) => link.textContent)).toEqual(['Garden', 'Travel']);
    expect(chatsOf('Garden')).toEqual(['Soil pH']);
    expect(within(nav()).getByText('No chats yet')).toBeTruthy();
    expect(historyTitles()).toEqual(['Trip to Rome', 'Compost heap']);
  });

  it('has the same heading and New project with no project yet as with some: the button does not move (issue 33)', async () => {
    io.rows.clear();
    await renderLayout({ seeds: [seed('rome', NOW - 2000, { title: 'Trip to Rome' })] });
    const header = () => nav().querySelector('.sidebar-projects__header')!;
    const shape = () => [...header().children].map((child) => `${child.tagName} ${child.textContent}`);
    expect(shape()).toEqual(['H2 Projects', 'BUTTON New project']);
    await act(() => library.createProject({ name: 'Garden' }));
    await settle();
    expect(shape()).toEqual(['H2 Projects', 'BUTTON New project']);
  });

  it('folds a project and remembers it after the app is opened again', async () => {
    await renderLayout({ seeds: seeds() });
    const fold = within(nav()).getByRole('button', { name: 'Fold Garden' });
    expect(fold.getAttribute('aria-expanded')).toBe('true');
    await click(fold);
    expect(within(nav()).queryByRole('list', { name: 'Garden' })).toBeNull();
    expect(JSON.parse(localStorage.getItem(FOLDED_PROJECTS_KEY)!)).toEqual(['p1']);

    cleanup();
    resetChatStore();
    await renderLayout({ seeds: seeds() });
    const unfold = within(nav()).getByRole('button', { name: 'Show chats of Garden' });
    expect(unfold.getAttribute('aria-expanded')).toBe('false');
    expect(within(nav()).queryByRole('list', { name: 'Garden' })).toBeNull();
    await click(unfold);
    expect(chatsOf('Garden')).toEqual(['Soil pH']);
  });

  it('moves a chat into a project from its menu, out again, and Undo puts it back', async () => {
    const { store } = await renderLayout({ seeds: seeds() });
    await chooseFromMenu('Trip to Rome', 'Move to project…');
    const dialog = screen.getByRole('dialog', { name: 'Move “Trip to Rome” to a project' });
    await click(within(dialog).getByRole('button', { name: 'Travel' }));
    await waitFor(() => expect(chatsOf('Travel')).toEqual(['Trip to Rome']));
    expect(historyTitles()).toEqual(['Compost heap']);
    expect(store.getSnapshot().chats.find((chat) => chat.id === 'rome')!.projectId).toBe('p2');

    // In a project, its menu offers the way out; the dialog marks the project it is in.
    await chooseFromMenu('Trip to Rome', 'Move to project…');
    const again = screen.getByRole('dialog', { name: 'Move “Trip to Rome” to a project' });
    expect((within(again).getByRole('button', { name: 'Travel (now)' }) as HTMLButtonElement).disabled).toBe(true);
    await press(again, 'Escape');
    await settle();
    await chooseFromMenu('Trip to Rome', 'Remove from project');
    await waitFor(() => expect(historyTitles()).toEqual(['Trip to Rome', 'Compost heap']));
    expect(store.getSnapshot().chats.find((chat) => chat.id === 'rome')!.projectId).toBeUndefined();

    const toast = screen.getAllByRole('listitem').find((item) => item.textContent?.includes('Removed from Travel'))!;
    await click(within(toast).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(chatsOf('Travel')).toEqual(['Trip to Rome']));
  });

  it('“New project…” in Move to project makes the project and moves the chat into it (issue 33)', async () => {
    const { store } = await renderLayout({ seeds: seeds() });
    await chooseFromMenu('Compost heap', 'Move to project…');
    const dialog = screen.getByRole('dialog', { name: 'Move “Compost heap” to a project' });
    await click(within(dialog).getByRole('button', { name: 'New project…' }));
    const name = within(dialog).getByRole('textbox', { name: 'Project name' });
    expect(document.activeElement).toBe(name);
    fireEvent.change(name, { target: { value: '  Kitchen   garden ' } });
    await press(name, 'Enter');
    await settle();
    expect(screen.queryByRole('dialog', { name: 'Move “Compost heap” to a project' })).toBeNull();
    await waitFor(() => expect(chatsOf('Kitchen garden')).toEqual(['Compost heap']));
    const made = library.getSnapshot().projects.find((p) => p.name === 'Kitchen garden')!;
    expect(store.getSnapshot().chats.find((chat) => chat.id === 'compost')!.projectId).toBe(made.id);
    expect(historyTitles()).toEqual(['Trip to Rome']);
  });

  it('“New project…” with no project yet, and an empty name makes none', async () => {
    io.rows.clear();
    await renderLayout({ seeds: seeds() });
    await chooseFromMenu('Compost heap', 'Move to project…');
    const dialog = screen.getByRole('dialog', { name: 'Move “Compost heap” to a project' });
    expect(within(dialog).getByText('No projects yet.')).toBeTruthy();
    await click(within(dialog).getByRole('button', { name: 'New project…' }));
    await press(within(dialog).getByRole('textbox', { name: 'Project name' }), 'Enter');
    await settle();
    expect(library.getSnapshot().projects).toEqual([]);
  });

  it('deleting a project asks; keeping its chats moves them out, and Undo brings the project and them back', async () => {
    const { store } = await renderLayout({ seeds: seeds() });
    await click(within(nav()).getByRole('button', { name: 'Options for project Garden' }));
    await click(screen.getByRole('menuitem', { name: 'Delete project' }));
    const ask = screen.getByRole('alertdialog', { name: 'Delete project “Garden”?' });
    expect(ask.textContent).toContain('What should happen to the 1 chat in it?');
    // Focus starts on Cancel, the safe choice.
    expect(document.activeElement?.textContent).toBe('Cancel');
    await click(within(ask).getByRole('button', { name: 'Delete project, keep its chats' }));
    await waitFor(() => expect(within(nav()).queryByRole('link', { name: 'Garden' })).toBeNull());
    expect(io.rows.has('p1')).toBe(false);
    expect(historyTitles()).toEqual(['Soil pH', 'Trip to Rome', 'Compost heap']);
    expect(store.getSnapshot().chats.find((chat) => chat.id === 'soil')!.projectId).toBeUndefined();

    const toast = screen.getAllByRole('listitem').find((item) => item.textContent?.includes('Project deleted'))!;
    await click(within(toast).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(chatsOf('Garden')).toEqual(['Soil pH']));
    expect(io.rows.has('p1')).toBe(true);
    expect(historyTitles()).toEqual(['Trip to Rome', 'Compost heap']);
  });

  it('deleting a project with its chats deletes them too, and Undo brings both back', async () => {
    const { store } = await renderLayout({ seeds: seeds() });
    await click(within(nav()).getByRole('button', { name: 'Options for project Garden' }));
    await click(screen.getByRole('menuitem', { name: 'Delete project' }));
    await click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete project and its chats' }));
    await waitFor(() => expect(store.getSnapshot().chats.map((chat) => chat.id)).toEqual(['rome', 'compost']));
    expect(within(nav()).queryByRole('link', { name: 'Garden' })).toBeNull();
    expect(within(nav()).queryByRole('link', { name: 'Soil pH' })).toBeNull();

    const toast = screen.getAllByRole('listitem').find((item) => item.textContent?.includes('Project and its chats deleted'))!;
    await click(within(toast).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(chatsOf('Garden')).toEqual(['Soil pH']));
    expect(store.getSnapshot().chats.find((chat) => chat.id === 'soil')!.projectId).toBe('p1');
  });

  it('storage refusing the project’s deletion leaves it and its chats as they were', async () => {
    io.delete = async () => false;
    const { store } = await renderLayout({ seeds: seeds() });
    await click(within(nav()).getByRole('button', { name: 'Options for project Garden' }));
    await click(screen.getByRole('menuitem', { name: 'Delete project' }));
    await click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete project and its chats' }));
    await settle();
    expect(chatsOf('Garden')).toEqual(['Soil pH']);
    expect(store.getSnapshot().chats.map((chat) => chat.id)).toContain('soil');
    expect(io.rows.has('p1')).toBe(true);
  });

  it('New chat in a project opens the project’s page, where its composer starts chats in it', async () => {
    const { history } = await renderLayout({ path: '/chat/rome', seeds: seeds() });
    await click(within(nav()).getByRole('button', { name: 'Options for project Travel' }));
    await click(screen.getByRole('menuitem', { name: 'New chat in project' }));
    expect(path(history)).toBe('/');
    expect(history.getSnapshot().search).toBe('?project=p2');
    expect(within(nav()).getByRole('link', { name: 'Travel' }).getAttribute('aria-current')).toBe('page');
  });

  it('New project: a name, then the project’s page', async () => {
    const { history } = await renderLayout({ seeds: seeds() });
    await click(within(nav()).getByRole('button', { name: 'New project' }));
    const field = within(nav()).getByRole('textbox', { name: 'Project name' });
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: '  Kitchen  remodel ' } });
    await press(field, 'Enter');
    await settle();
    const made = [...io.rows.values()].find((row) => row.kind === 'project' && row.name === 'Kitchen remodel');
    expect(made).toBeTruthy();
    expect(path(history)).toBe('/');
    expect(history.getSnapshot().search).toBe(`?project=${made!.id}`);
    expect(within(nav()).getByRole('link', { name: 'Kitchen remodel' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('search kept to a project', () => {
  const openSearch = async () => {
    await press(document, 'k', { ctrlKey: true });
    await settle();
    return screen.getByRole('dialog', { name: 'Search chats' });
  };
  const options = (dialog: HTMLElement) => within(dialog).queryAllByRole('option').map((option) => option.textContent);

  it('opened from a project’s page, lists only its chats until the chip is turned off', async () => {
    await renderLayout({ path: '/?project=p1', seeds: seeds() });
    const dialog = await openSearch();
    const chip = within(dialog).getByRole('button', { name: 'In Garden' });
    expect(chip.getAttribute('aria-pressed')).toBe('true');
    expect(options(dialog)).toEqual([expect.stringContaining('Soil pH')]);

    await click(chip);
    expect(chip.getAttribute('aria-pressed')).toBe('false');
    expect(options(dialog)).toHaveLength(3);
  });

  it('opened from a chat in a project, offers that project; elsewhere, no chip', async () => {
    await renderLayout({ path: '/chat/soil', seeds: seeds() });
    const dialog = await openSearch();
    expect(within(dialog).getByRole('button', { name: 'In Garden' }).getAttribute('aria-pressed')).toBe('true');
    await press(dialog, 'Escape');
    await settle();

    cleanup();
    resetChatStore();
    await renderLayout({ path: '/chat/rome', seeds: seeds() });
    const other = await openSearch();
    expect(within(other).queryByRole('button', { name: /^In / })).toBeNull();
    expect(options(other)).toHaveLength(3);
  });
});
