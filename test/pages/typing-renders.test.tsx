// Issue 34: typing in the message box costs what a bare textarea costs. The draft is held outside
// React (the box is uncontrolled): a keystroke renders no component outside the box (Composer),
// on the home page (plain, or a project's) and a chat's page, and the box itself only when the send
// button's state flips.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createChatStore, getChatStore, HOME_DRAFT_KEY, resetChatModel, resetChatStore, setChatModel } from '../../src/chat';
import { createConnectionsModel, resetConnectionsStore } from '../../src/chat/connections';
import { createLibraryStore, resetLibraryStore } from '../../src/chat/library';
import { resetToolSettings } from '../../src/chat/mcp/tool-settings';
import { createMemoryPersistence } from '../../src/chat/persistence/memory-persistence';
import HomePage from '../../src/pages/home/home-page';
import { paths } from '../../src/pages/paths';
import { createMemoryHistory, lazyPage, Router, RouteView, type RouteDefinition } from '../../src/router';
import { Composer } from '../../src/ui/composer';
import { resetToasts, Toaster } from '../../src/ui/toast';
import { TooltipProvider } from '../../src/ui/tooltip';
import { flushPromises, makeConnectionsStore } from '../chat/connections/connections-harness';
import { memoryLibraryIo } from '../chat/library/memory-library-io';
import { createRenderCounter, outside, type Rendered } from '../support/render-counter';
import { createScriptedModel, textSteps } from '../support/scripted-model';
import { cleanUpStore, installStore, lastArticle, renderChatPage, settle } from './chat/chat-page-kit';

const box = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: /message/i });

let counter: ReturnType<typeof createRenderCounter>;
beforeEach(() => {
  counter = createRenderCounter();
});

/** Types `text` a character at a time, as keystrokes do; returns what each keystroke rendered. */
function type(text: string): Rendered[][] {
  const perKey: Rendered[][] = [];
  for (let i = 1; i <= text.length; i++) {
    perKey.push(counter.during(() => act(() => void fireEvent.input(box(), { target: { value: text.slice(0, i) } }))));
  }
  return perKey;
}

/** Keystroke by keystroke: the components outside the box that rendered, and all that did. */
function expectOnlyTheBox(perKey: Rendered[][]) {
  expect(perKey.map((rendered) => outside(rendered, Composer))).toEqual(perKey.map(() => []));
  // The first character enables Send (the box renders, once); the next ones render nothing at all.
  expect(perKey[0]!.filter((r) => r.type === Composer)).toHaveLength(1);
  expect(perKey.slice(1).map((rendered) => rendered.map((r) => r.name))).toEqual(perKey.slice(1).map(() => []));
}

describe('typing in the home page’s message box', () => {
  const routes: RouteDefinition[] = [{ pattern: paths.home.pattern, page: lazyPage(async () => ({ default: HomePage })) }];

  beforeEach(async () => {
    resetChatStore(createChatStore({ persistence: createMemoryPersistence(), broadcast: null, win: null, doc: null, locks: null }));
    const harness = makeConnectionsStore({}, { probe: () => new Promise(() => {}) });
    await harness.store.init();
    resetConnectionsStore(harness.store);
    setChatModel(createConnectionsModel(harness.store));
    const now = Date.now();
    resetLibraryStore(createLibraryStore({ io: memoryLibraryIo([{ id: 'p1', kind: 'project', name: 'Garden', files: [], createdAt: now, updatedAt: now }]), channel: null }));
  });
  afterEach(() => {
    resetChatModel();
    resetChatStore();
    resetConnectionsStore();
    resetLibraryStore();
    resetToolSettings();
    resetToasts();
  });

  async function renderHome(url: string, heading: string) {
    const { RenderCounter } = counter;
    const { container } = render(
      <RenderCounter>
        <Router routes={routes} history={createMemoryHistory(url)} base="">
          <TooltipProvider>
            <RouteView layout={({ children }) => <>{children}</>} notFound={() => null} notFoundTitle="" loading={null} error={(e) => <p>{String(e)}</p>} />
            <Toaster measureHeight={() => 50} />
          </TooltipProvider>
        </Router>
      </RenderCounter>,
    );
    counter.attach(container);
    await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 });
    await waitFor(() => expect(box().disabled).toBe(false));
    for (let i = 0; i < 5; i++) await act(flushPromises);
  }

  it('renders nothing outside the box per keystroke, and the draft reaches the store', async () => {
    await renderHome('/', 'What shall we talk about?');
    expectOnlyTheBox(type('Hello'));
    expect(getChatStore().peekDraft(HOME_DRAFT_KEY)).toBe('Hello');
    expect(box().value).toBe('Hello');
    expect(screen.getByRole('button', { name: 'Send message' }).getAttribute('aria-disabled')).toBeNull();
  });

  it('on a project’s home too', async () => {
    await renderHome('/?project=p1', 'Garden');
    expectOnlyTheBox(type('Plant plan'));
    expect(getChatStore().peekDraft('project:p1')).toBe('Plant plan');
    expect(box().value).toBe('Plant plan');
  });
});

describe('typing in a chat’s message box', () => {
  afterEach(() => cleanUpStore());

  it('renders nothing outside the box per keystroke (the meter counts the draft once typing pauses), and the draft reaches the store', async () => {
    const store = installStore(createScriptedModel({ replies: [textSteps('Hi there')] }));
    const { chatId } = await store.createChat({ text: 'Hello' });
    const { container } = renderChatPage(chatId, { strict: false, wrap: counter.RenderCounter });
    counter.attach(container);
    await waitFor(() => expect(lastArticle('Assistant').dataset.state).toBe('complete'));
    await settle();
    await waitFor(() => expect(box().disabled).toBe(false));

    expectOnlyTheBox(type('Tell me more'));
    expect(store.peekDraft(chatId)).toBe('Tell me more');
    expect(box().value).toBe('Tell me more');
  });
});
