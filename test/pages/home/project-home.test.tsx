// The home page with a project chosen (`/?project=<id>`, issue 23): files added through the
// attachment pipeline with their tokens, the total against the model's context, texts saved,
// chats started in the project, and an unknown id said plainly with the way home.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryLibraryIo } from '../../chat/library/memory-library-io';
import { createChatStore, resetChatModel, resetChatStore, type ChatStore } from '../../../src/chat';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import { createLibraryStore, resetLibraryStore } from '../../../src/chat/library';
import { resetConnectionsStore } from '../../../src/chat/connections';
import type { LibraryProject } from '../../../src/chat/types';
import HomePage from '../../../src/pages/home/home-page';
import { ProjectFiles } from '../../../src/pages/home/project/project-files';
import { paths } from '../../../src/pages/paths';
import { createMemoryHistory, lazyPage, Router, RouteView, useParams, type HistorySource, type RouteDefinition } from '../../../src/router';
import { resetToasts, Toaster } from '../../../src/ui/toast';
import { TooltipProvider } from '../../../src/ui/tooltip';
import { flushPromises, makeConnectionsStore } from '../../chat/connections/connections-harness';
import { createToolSettingsStore, resetToolSettings } from '../../../src/chat/tools/tool-settings';

const NOW = Date.now();
/** 400 characters: 100 tokens at four characters a token. */
const NOTES = 'abcd'.repeat(100);

const garden = (extra: Partial<LibraryProject> = {}): LibraryProject => ({ id: 'p1', kind: 'project', name: 'Garden', files: [], createdAt: NOW, updatedAt: NOW, ...extra });

let io: ReturnType<typeof memoryLibraryIo>;
let chats: ChatStore;
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
  chats = createChatStore({ persistence: createMemoryPersistence(), broadcast: null, win: null, doc: null, locks: null });
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

async function addFiles(files: File[]) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
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
    expect(screen.getByText('No chats yet: start one below.')).toBeTruthy();
    const box = screen.getByRole('textbox', { name: 'Message' });
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
