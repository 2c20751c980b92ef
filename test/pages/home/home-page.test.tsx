import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createChatStore,
  resetChatModel,
  resetChatStore,
  setChatModel,
  type ChatStore,
} from '../../../src/chat';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import { createConnectionsModel, presetFor, resetConnectionsStore, type LocalServer } from '../../../src/chat/connections';
import { OpenAiModelError } from '../../../src/chat/wire';
import HomePage from '../../../src/pages/home/home-page';
import { paths } from '../../../src/pages/paths';
import { createMemoryHistory, lazyPage, Router, RouteView, useParams, type HistorySource, type RouteDefinition } from '../../../src/router';
import { resetToasts, Toaster } from '../../../src/ui/toast';
import { TooltipProvider } from '../../../src/ui/tooltip';
import { deferred, flushPromises, makeConnectionsStore, type Deferred, type StoreHarness } from '../../chat/connections/connections-harness';
import { loadModelErrorExplainer, preloadModelPickerPopover } from '../../../src/pages/shared';

let harness: StoreHarness;
let chats: ChatStore;
let probe: Deferred<LocalServer[]>;
let history: HistorySource;

function ChatStub() {
  return <h1 tabIndex={-1}>Chat {useParams().id}</h1>;
}

const routes: RouteDefinition[] = [
  { pattern: paths.home.pattern, page: lazyPage(async () => ({ default: HomePage })) },
  { pattern: paths.chat.pattern, page: lazyPage(async () => ({ default: ChatStub })) },
];

async function renderHome() {
  history = createMemoryHistory('/');
  render(
    <Router routes={routes} history={history} base="">
      <TooltipProvider>
        <RouteView layout={({ children }) => <>{children}</>} notFound={() => null} notFoundTitle="" loading={null} error={(e) => <p>{String(e)}</p>} />
        <Toaster measureHeight={() => 50} />
      </TooltipProvider>
    </Router>,
  );
  await screen.findByRole('heading', { level: 1, name: 'What shall we talk about?' });
  await act(flushPromises);
}

// The picker's list and the error explanations load on first use; fetched here, they show within the action.
beforeAll(async () => {
  await Promise.all([preloadModelPickerPopover(), loadModelErrorExplainer()]);
});

beforeEach(async () => {
  chats = createChatStore({ persistence: createMemoryPersistence(), broadcast: null, win: null, doc: null, locks: null });
  resetChatStore(chats);
  probe = deferred<LocalServer[]>();
  harness = makeConnectionsStore({}, { probe: () => probe.promise });
  await harness.store.init();
  resetConnectionsStore(harness.store);
  // As boot does: the routing model answers every chat.
  setChatModel(createConnectionsModel(harness.store));
});
afterEach(() => {
  // Unmount first: a render after the resets below would create fresh (real) stores.
  cleanup();
  resetChatModel();
  resetChatStore();
  resetConnectionsStore();
  resetToasts();
});

const help = () => screen.queryByRole('region', { name: 'Connect a model to start' });
const composer = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
const send = async (text: string) => {
  fireEvent.change(composer(), { target: { value: text } });
  await act(async () => {
    fireEvent.submit(composer().closest('form')!);
    await flushPromises();
  });
};
const ollamaServer: LocalServer = { preset: presetFor('ollama'), baseUrl: 'http://localhost:11434/v1', models: ['llama3.2', 'qwen3'] };

describe('home page: no connection yet', () => {
  it('explains how to connect each kind of server, with this page’s origin for Ollama', async () => {
    await renderHome();
    const region = help()!;
    const servers = within(region).getAllByRole('term').map((term) => term.textContent);
    expect(servers).toEqual(['Ollama', 'llama.cpp', 'LM Studio', 'vLLM', 'OpenAI or OpenRouter']);
    expect(within(region).getByText(`OLLAMA_ORIGINS=${location.origin} ollama serve`)).toBeTruthy();
    expect(within(region).getByText('llama-server -m model.gguf --port 8080')).toBeTruthy();
    expect(within(region).getByRole('status').textContent).toBe('Looking for a model server on this computer…');
    await act(async () => probe.resolve([]));
    expect(within(region).getByRole('status').textContent).toBe('No Ollama or llama.cpp server answered on this computer.');
    expect(screen.queryByRole('button', { name: /^Model/ })).toBeNull();
  });

  it('keeps the draft and says beside the message box why nothing was sent, pointing at the help', async () => {
    await renderHome();
    expect(screen.queryByRole('alert')).toBeNull();
    composer().focus();
    await send('Hello there');
    expect(history.getSnapshot().pathname).toBe('/');
    expect(composer().value).toBe('Hello there');
    expect(help()!.hasAttribute('data-attention')).toBe(true);
    const note = await screen.findByRole('alert');
    expect(note.textContent).toContain('Nothing was sent: connect a model server first.');
    expect(note.closest('.composer')).not.toBeNull();
    // The focus stays where the user was typing.
    expect(document.activeElement).toBe(composer());
  });

  it('offers a local server found by the probe in one click: adds it, loads its models, picks the first', async () => {
    await renderHome();
    await act(async () => probe.resolve([ollamaServer]));
    const offer = within(help()!).getByRole('status');
    expect(offer.dataset.state).toBe('found');
    expect(within(offer).getByText('2 models')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(offer).getByRole('button', { name: 'Use Ollama at localhost:11434' }));
      await flushPromises();
    });
    expect(harness.calls.at(-1)!.connection.baseUrl).toBe('http://localhost:11434/v1');
    await act(() => harness.answer(['llama3.2', 'qwen3']));
    const [connection] = harness.store.getSnapshot().connections;
    expect(connection).toMatchObject({ name: 'Ollama', kind: 'ollama', baseUrl: 'http://localhost:11434/v1' });
    expect(harness.store.getSnapshot().defaultModel).toBe(`${connection!.id}/llama3.2`);
    await waitFor(() => expect(help()).toBeNull());
    expect(screen.getByRole('button', { name: 'Model llama3.2' })).toBeTruthy();
    expect(document.activeElement).toBe(composer());
    expect(screen.getByText('Connected to Ollama')).toBeTruthy();
  });
});

describe('home page: with a connection', () => {
  async function connect(models: string[]) {
    const added = harness.store.add({ name: 'Ollama', kind: 'ollama', baseUrl: 'http://localhost:11434/v1' });
    if (!added.ok) throw new Error('not added');
    await renderHome();
    await act(() => harness.answer(models));
    return added.connection;
  }

  it('shows the model picker with the default model, and picking one changes the default', async () => {
    const connection = await connect(['llama3.2', 'qwen3']);
    expect(help()).toBeNull();
    const picker = screen.getByRole('button', { name: 'Model llama3.2' });
    await act(async () => {
      fireEvent.click(picker);
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Search models' }), { target: { value: 'qwen' } });
    await act(async () => {
      fireEvent.keyDown(screen.getByRole('combobox', { name: 'Search models' }), { key: 'Enter' });
    });
    expect(harness.store.getSnapshot().defaultModel).toBe(`${connection.id}/qwen3`);
  });

  it('a suggestion chip fills the message box with its prompt and focuses it, sending nothing', async () => {
    await connect(['llama3.2']);
    // The chips load just after the first screen: they arrive on their own.
    const chip = await screen.findByRole('button', { name: 'Explain a concept' });
    expect(within(screen.getByRole('list', { name: 'Suggestions' })).getAllByRole('button')).toHaveLength(4);
    // As a pointer or keyboard press leaves it: on the chip.
    chip.focus();
    fireEvent.click(chip);
    expect(composer().value).toBe('Explain how public-key cryptography works, with an everyday analogy.');
    expect(document.activeElement).toBe(composer());
    expect(chats.getSnapshot().chats).toEqual([]);
  });

  it('creates the chat with the default model and moves to it', async () => {
    const connection = await connect(['llama3.2']);
    await send('Hello there');
    await waitFor(() => expect(history.getSnapshot().pathname).toMatch(/^\/chat\//));
    const [chat] = chats.getSnapshot().chats;
    expect(chat!.model).toBe(`${connection.id}/llama3.2`);
    expect(history.getSnapshot().pathname).toBe(paths.chat.href(chat!.id));
  });

  it('when the server cannot be asked, says why with the fix for its kind instead of failing on send', async () => {
    const added = harness.store.add({ name: 'Ollama', kind: 'ollama', baseUrl: 'http://localhost:11434/v1' });
    if (!added.ok) throw new Error('not added');
    await renderHome();
    await act(() => harness.fail(new OpenAiModelError('unreachable', 'Could not reach', { reason: 'cors' })));
    const notice = screen.getByRole('region', { name: 'Ollama: The server blocked this page (CORS)' });
    expect(notice.textContent).toContain(`OLLAMA_ORIGINS=${location.origin} ollama serve`);
    await send('Hello');
    expect(history.getSnapshot().pathname).toBe('/');
    expect(notice.hasAttribute('data-attention')).toBe(true);
    expect((await screen.findByRole('alert')).textContent).toBe('Nothing was sent: choose a model first, in the model picker of the message box.');
  });

  it('a server with no models says how to get one', async () => {
    await connect([]);
    expect(screen.getByRole('region', { name: 'Choose a model' }).textContent).toContain('ollama pull llama3.2');
  });
});

describe('home page: a model plugged in some other way (the e2e build)', () => {
  it('sends without any connection', async () => {
    setChatModel({ stream: async function* () {} });
    await renderHome();
    expect(help()).toBeNull();
    await send('Hello');
    await waitFor(() => expect(history.getSnapshot().pathname).toMatch(/^\/chat\//));
  });
});
