// The home page with a project chosen (`/?project=<id>`, issue 23): files added through the
// attachment pipeline with their tokens, the total against the model's context, texts saved,
// chats started in the project, and an unknown id said plainly with the way home.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryLibraryIo } from '../../chat/library/memory-library-io';
import { createChatStore, resetChatModel, resetChatStore, type ChatStore } from '../../../src/chat';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import { createLibraryStore, MAX_NAME_CHARS, MAX_PROJECT_FILES, MAX_PROJECT_TEXT_CHARS, readLibraryRecord, resetLibraryStore } from '../../../src/chat/library';
import { resetConnectionsStore } from '../../../src/chat/connections';
import type { LibraryProject } from '../../../src/chat/types';
import HomePage from '../../../src/pages/home/home-page';
import { ProjectFiles } from '../../../src/pages/home/project/project-files';
import { paths } from '../../../src/pages/paths';
import { createMemoryHistory, lazyPage, Router, RouteView, useParams, type HistorySource, type RouteDefinition } from '../../../src/router';
import { resetToasts, Toaster } from '../../../src/ui/toast';
import { TooltipProvider } from '../../../src/ui/tooltip';
import { flushPromises, makeConnectionsStore } from '../../chat/connections/connections-harness';
import { createToolSettingsStore, resetToolSettings } from '../../../src/chat/mcp/tool-settings';

const NOW = Date.now();
/** 400 characters: 100 tokens at four characters a token. */
const NOTES = 'abcd'.repeat(100);

const garden = (extra: Partial<LibraryProject> = {}): LibraryProject => ({ id: 'p1', kind: 'project', name: 'Garden', files: [], createdAt: NOW, updatedAt: NOW, ...extra });

let io: ReturnType<typeof memoryLibraryIo>;
let chats: ChatStore;
let persistence: ReturnType<typeof createMemoryPersistence>;
let history: HistorySource;

function ChatStub() {
  return <h1 tabIndex={-1}>Chat {useParams().id}</h1>;
}
const routes: RouteDefinition[] = [
  { pattern: paths.home.pattern, page: lazyPage(async () => ({ default: HomePage })) },
  { pattern: paths.chat.pattern, page: lazyPage(async () => ({ default: ChatStub })) },
];

async function renderAt(url: string) {
  history = createMemoryHistory(url);
  render(
    <Router routes={routes} history={history} base="">
      <TooltipProvider>
        <RouteView layout={({ children }) => <>{children}</>} notFound={() => null} notFoundTitle="" loading={null} error={(e) => <p>{String(e)}</p>} />
        <Toaster measureHeight={() => 50} />
      </TooltipProvider>
    </Router>,
  );
  // The project's page is its own chunk, fetched when `?project=` is there.
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  for (let i = 0; i < 5; i++) await act(flushPromises);
}

beforeEach(async () => {
  persistence = createMemoryPersistence();
  chats = createChatStore({ persistence, broadcast: null, win: null, doc: null, locks: null });
  resetChatStore(chats);
  const connections = makeConnectionsStore({});
  await connections.store.init();
  resetConnectionsStore(connections.store);
  io = memoryLibraryIo([garden()]);
  resetLibraryStore(createLibraryStore({ io, channel: null }));
});
afterEach(() => {
  cleanup();
  resetChatModel();
  resetChatStore();
  resetConnectionsStore();
  resetLibraryStore();
  resetToolSettings();
  resetToasts();
});

const storedGarden = () => io.rows.get('p1') as LibraryProject;

async function addFiles(files: File[], input = document.querySelector<HTMLInputElement>('.project-files input[type="file"]')!) {
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  await act(async () => {
    fireEvent.change(input);
  });
  for (let i = 0; i < 5; i++) await act(flushPromises);
}

describe('the project’s home page', () => {
  it('shows the project, and a text file added by the picker with its tokens, kept as text in the project', async () => {
    await renderAt('/?project=p1');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Garden');
    expect(screen.getByText('No files yet. Add some, or drop them here.')).toBeTruthy();

    await addFiles([new File([NOTES], 'notes.md', { type: 'text/markdown' })]);
    const row = await screen.findByText('notes.md');
    expect(row.closest('li')!.querySelector('.project-file__tokens')!.textContent).toBe('≈ 100 tokens');
    expect(screen.getByText('Files: ≈ 100 tokens')).toBeTruthy();
    await waitFor(() => expect(storedGarden().files.map((file) => [file.name, file.kind, file.text])).toEqual([['notes.md', 'text', NOTES]]));

    // A picture is refused by name; the project keeps what it had.
    await addFiles([new File([new Uint8Array([137, 80, 78, 71])], 'leaf.png', { type: 'image/png' })]);
    expect(screen.getByRole('alert').textContent).toContain('leaf.png is a picture');
    expect(storedGarden().files).toHaveLength(1);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Remove notes.md' }));
    });
    await waitFor(() => expect(storedGarden().files).toEqual([]));
  });

  it('refuses, by name and with the limit, the file that would take a project past what its row keeps, and keeps the rest', async () => {
    // Three characters short of the limit: the row's reader (backup, restore, sync) takes it as it is.
    const room = 3;
    const full = readLibraryRecord(garden({ files: [{ id: 'f0', name: 'book.txt', kind: 'text', size: 1, text: 'x'.repeat(MAX_PROJECT_TEXT_CHARS - room), addedAt: NOW }] }));
    expect(full.ok).toBe(true);
    io = memoryLibraryIo([(full as { record: LibraryProject }).record]);
    resetLibraryStore(createLibraryStore({ io, channel: null }));
    await renderAt('/?project=p1');
    expect(screen.getByText(/up to 100 files and 4,000,000 characters of text \(≈ 1,000,000 tokens\) in all/)).toBeTruthy();

    await addFiles([new File(['abcd'], 'over.txt', { type: 'text/plain' }), new File(['abc'], 'fits.txt', { type: 'text/plain' })]);
    await screen.findByText('fits.txt');
    expect(screen.getByRole('alert').textContent).toBe(
      'over.txt was not added: with it the project’s files would hold more than 4,000,000 characters of text (≈ 1,000,000 tokens), the most a project keeps. Remove some to make room.',
    );
    await waitFor(() => expect(storedGarden().files.map((file) => file.name)).toEqual(['book.txt', 'fits.txt']));
    // The row the page made is one its own reader takes: a backup restores it, sync sends it.
    expect(readLibraryRecord(storedGarden()).ok).toBe(true);
    expect(screen.queryByText('over.txt')).toBeNull();
  });

  it('refuses the file past the most files a project keeps, by name', async () => {
    const many = Array.from({ length: MAX_PROJECT_FILES }, (_, i) => ({ id: `f${i}`, name: `n${i}.txt`, kind: 'text', size: 1, text: 'x', addedAt: NOW }));
    io = memoryLibraryIo([garden({ files: many })]);
    resetLibraryStore(createLibraryStore({ io, channel: null }));
    await renderAt('/?project=p1');
    await addFiles([new File(['abc'], 'one-more.txt', { type: 'text/plain' })]);
    expect((await screen.findByRole('alert')).textContent).toBe('one-more.txt was not added: a project keeps at most 100 files. Remove one to make room.');
    expect(storedGarden().files).toHaveLength(MAX_PROJECT_FILES);
  });

  it('shows a file name with a right-to-left override as it is: the control made visible, isolated, the extension read last', async () => {
    await renderAt('/?project=p1');
    await addFiles([new File([NOTES], 'invoice-\u202Efdp.txt', { type: 'text/plain' })]);
    const row = await screen.findByRole('button', { name: 'Remove \u2068invoice-⟨U+202E⟩fdp.txt\u2069' });
    const name = row.closest('li')!.querySelector('.project-file__name')!;
    expect(name.tagName).toBe('BDI');
    expect(name.textContent).toBe('invoice-⟨U+202E⟩fdp.txt');
    expect(name.getAttribute('title')).toBe('invoice-⟨U+202E⟩fdp.txt');
    expect(name.textContent).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/);
    // Kept as it came: only what is shown changes.
    expect(storedGarden().files[0]!.name).toBe('invoice-\u202Efdp.txt');
  });

  it('keeps a name longer than a project row holds, cut at its head, its extension kept', async () => {
    await renderAt('/?project=p1');
    await addFiles([new File([NOTES], `${'a'.repeat(240)}.md`, { type: 'text/markdown' })]);
    await waitFor(() => expect(storedGarden().files).toHaveLength(1));
    const kept = storedGarden().files[0]!.name;
    expect(kept).toBe(`${'a'.repeat(MAX_NAME_CHARS - 4)}….md`);
    expect(readLibraryRecord(storedGarden()).ok).toBe(true);
  });

  it('saves its instructions when the field is left', async () => {
    await renderAt('/?project=p1');
    const field = screen.getByRole('textbox', { name: 'Instructions' });
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: 'Answer as a gardener.' } });
    await act(async () => {
      fireEvent.blur(field);
    });
    await waitFor(() => expect(storedGarden().instructions).toBe('Answer as a gardener.'));
  });

  it('lists the project’s chats, and only those', async () => {
    await chats.createChat({ text: 'Soil pH?', projectId: 'p1' });
    await chats.createChat({ text: 'Trip to Rome' });
    await renderAt('/?project=p1');
    const list = screen.getByRole('region', { name: 'Chats in this project' });
    expect(within(list).getAllByRole('link').map((link) => link.querySelector('.recent-chats__title')!.textContent)).toEqual(['Soil pH?']);
  });

  it('starts chats in the project and sends the user to the new chat', async () => {
    await renderAt('/?project=p1');
    // It says where the box is, and the box is there: above the list (issue 33).
    const empty = screen.getByText('No chats yet: write a message in the box above to start one.');
    const box = screen.getByRole('textbox', { name: 'Message' });
    expect(box.compareDocumentPosition(empty) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.change(box, { target: { value: 'What to plant?' } });
    await act(async () => {
      fireEvent.submit(box.closest('form')!);
    });
    // The store's actions load with the first write.
    await waitFor(() => expect(history.getSnapshot().pathname).toMatch(/^\/chat\//), { timeout: 5000 });
    const made = chats.getSnapshot().chats[0]!;
    expect(made.projectId).toBe('p1');
    expect(history.getSnapshot().pathname).toBe(paths.chat.href(made.id));
  });

  it('attaches files to the first message by the composer’s button, the chat starting with them in the project (issue 33)', async () => {
    await renderAt('/?project=p1');
    const box = screen.getByRole('textbox', { name: 'Message' });
    const form = box.closest('form')!;
    expect(within(form).getByRole('button', { name: 'Attach files' })).toBeTruthy();
    await addFiles([new File(['Tomatoes, basil.'], 'seeds.txt', { type: 'text/plain' })], form.querySelector<HTMLInputElement>('input[type="file"]')!);
    await waitFor(() => expect(form.querySelector('li[data-state="ready"]')).toBeTruthy(), { timeout: 5000 });
    // The message's file, not the project's.
    expect(storedGarden().files).toEqual([]);
    fireEvent.change(box, { target: { value: 'What goes with these?' } });
    await act(async () => {
      fireEvent.submit(form);
    });
    await waitFor(() => expect(history.getSnapshot().pathname).toMatch(/^\/chat\//), { timeout: 5000 });
    const made = chats.getSnapshot().chats[0]!;
    expect(made.projectId).toBe('p1');
    const [first] = await persistence.listMessages(made.id);
    expect(first!.attachments?.map((file) => file.name)).toEqual(['seeds.txt']);
  });

  it('picks the tool servers its chats get, once a server exists', async () => {
    const tools = createToolSettingsStore({ load: async () => undefined, save: async () => {} });
    resetToolSettings(tools);
    await tools.init();
    const files = await tools.addServer({ label: 'Files', url: 'http://127.0.0.1:1/mcp' });
    await tools.addServer({ label: 'Search', url: 'http://127.0.0.1:2/mcp' });
    await renderAt('/?project=p1');
    const group = screen.getByRole('group', { name: 'Tool servers for its chats' });
    const box = within(group).getByRole('checkbox', { name: 'Files' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await act(async () => {
      fireEvent.click(box);
    });
    await waitFor(() => expect(storedGarden().toolServers).toEqual([files.id]));
    expect((within(group).getByRole('checkbox', { name: 'Files' }) as HTMLInputElement).checked).toBe(true);
  });

  it('has no tool servers to pick before one is set up', async () => {
    resetToolSettings(createToolSettingsStore({ load: async () => undefined, save: async () => {} }));
    await renderAt('/?project=p1');
    expect(screen.queryByRole('group', { name: 'Tool servers for its chats' })).toBeNull();
  });

  it('says plainly when there is no such project, with the way home', async () => {
    await renderAt('/?project=gone');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('There is no such project');
    const home = screen.getByRole('link', { name: 'Go to the home page' });
    await act(async () => {
      fireEvent.click(home);
    });
    for (let i = 0; i < 3; i++) await act(flushPromises);
    expect(history.getSnapshot().search).toBe('');
    await screen.findByRole('heading', { level: 1, name: 'What shall we talk about?' });
  });
});

describe('a project’s files against the model’s context', () => {
  const files = (chars: number) => [{ id: 'f', name: 'big.txt', kind: 'text', size: chars, text: 'x'.repeat(chars), addedAt: NOW }];

  it('shows the total against the context when the model says it, and warns past it', () => {
    const { rerender } = render(<ProjectFiles project={garden({ files: files(4000) })} contextLength={8192} modelName="test-model" />);
    const total = () => screen.getByText(/^Files:/).closest('p')!;
    expect(total().textContent).toBe('Files: ≈ 1,000 of 8,192 tokens of test-model’s context');
    expect(total().dataset.state).toBe('within');

    rerender(<ProjectFiles project={garden({ files: files(40_000) })} contextLength={8192} modelName="test-model" />);
    expect(total().dataset.state).toBe('over');
    expect(within(total()).getByText(/More than the model’s context/)).toBeTruthy();

    rerender(<ProjectFiles project={garden({ files: files(40_000) })} />);
    expect(total().textContent).toBe('Files: ≈ 10,000 tokens');
  });
});
