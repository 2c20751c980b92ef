import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useChatErrorToasts } from '../../src/app/chat-errors';
import { loadErrorExplanations } from '../../src/app/chat-event-toasts';
import {
  ChatModelError,
  createChatStore,
  resetChatModel,
  resetChatStore,
  setChatModel,
  type ChatStore,
} from '../../src/chat';
import { createMemoryPersistence } from '../../src/chat/persistence/memory-persistence';
import { createMemoryHistory, lazyPage, Router, RouteView, useParams, type HistorySource, type RouteDefinition } from '../../src/router';
import { resetToasts, Toaster } from '../../src/ui/toast';
import { createScriptedModel, textSteps, type ScriptStep } from '../support/scripted-model';
import { path, seed, settle } from './layout-harness';

// The explanations load with the first failure; fetched here, the toast shows within the failure.
beforeAll(async () => {
  await loadErrorExplanations();
});

afterEach(() => {
  resetChatStore();
  resetChatModel();
  resetToasts();
});

const routes: RouteDefinition[] = [
  { pattern: '/', page: lazyPage(() => Promise.resolve({ default: () => <h1>Home screen</h1> })) },
  { pattern: '/chat/:id', page: lazyPage(() => Promise.resolve({ default: () => <h1>Chat screen {useParams().id}</h1> })) },
];

function Bridge() {
  useChatErrorToasts();
  return null;
}

const rateLimited: ScriptStep = { error: new ChatModelError('rate-limited', 'Slow down', { status: 429, retryAfterMs: 20_000 }) };

/** The app's toaster and error bridge over a store whose model fails every reply (a 429 asking for 20 s). */
async function renderApp(at: string): Promise<{ history: HistorySource; store: ChatStore }> {
  setChatModel(createScriptedModel({ replies: [[...textSteps(''), rateLimited]] }));
  const persistence = createMemoryPersistence();
  const { chat, messages } = seed('trip', Date.now(), { title: 'Plan the trip' });
  await persistence.createChat(chat, messages!);
  const store = createChatStore({ persistence, broadcast: null, win: null, doc: null, locks: null });
  resetChatStore(store);
  const history = createMemoryHistory(at);
  render(
    <Router routes={routes} history={history} base="">
      <RouteView layout={({ children }) => <>{children}</>} notFound={() => null} notFoundTitle="" loading={null} error={() => null} />
      <Toaster />
      <Bridge />
    </Router>,
  );
  await settle();
  return { history, store };
}

/** Asks for a reply in the chat and waits until it has failed. */
async function failReply(store: ChatStore) {
  await act(async () => {
    await store.sendMessage('trip', 'Where to?');
  });
  await act(async () => {
    await new Promise<void>((resolve) => {
      const check = () => store.getSnapshot().generating.size === 0 && (unsubscribe(), resolve());
      const unsubscribe = store.subscribe(check);
      check();
    });
  });
  await settle();
  expect(store.getSnapshot().messages.get('trip')?.at(-1)).toMatchObject({ status: 'error', errorCode: 'rate-limited' });
}

const toasts = () => within(screen.getByRole('region', { name: 'Notifications (F8)' })).queryAllByRole('listitem');

describe('model errors as toasts', () => {
  it('raises no toast for the chat on screen: its inline card says it all', async () => {
    const { store } = await renderApp('/chat/trip');
    await failReply(store);
    expect(toasts()).toEqual([]);
  });

  it('names a chat that is not on screen, stays until closed, and opens that chat', async () => {
    const { history, store } = await renderApp('/');
    await failReply(store);
    expect(toasts()).toHaveLength(1);
    const [item] = toasts();
    expect(item!.textContent).toContain('“Plan the trip”: Rate limited by the server');
    expect(item!.textContent).toContain('20 seconds');
    // Sticky (duration 0): no bar counting down its time.
    expect(item!.querySelector('.toast-progress')).toBeNull();

    await act(async () => {
      fireEvent.click(within(item!).getByRole('button', { name: 'Open chat' }));
    });
    await settle();
    expect(path(history)).toBe('/chat/trip');
    expect(toasts()).toEqual([]);
  });

  it('goes away once its chat is opened some other way', async () => {
    const { history, store } = await renderApp('/');
    await failReply(store);
    expect(toasts()).toHaveLength(1);
    await act(async () => history.push('/chat/trip'));
    await settle();
    expect(toasts()).toEqual([]);
  });
});
