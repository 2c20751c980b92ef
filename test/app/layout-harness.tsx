import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Layout, type LayoutProps } from '../../src/app/layout';
import {
  createChatStore,
  resetChatStore,
  type Chat,
  type ChatPersistence,
  type ChatStore,
  type Message,
} from '../../src/chat';
import { createMemoryPersistence } from '../../src/chat/persistence/memory-persistence';
import { createMemoryHistory, lazyPage, Router, RouteView, useParams, type HistorySource, type RouteDefinition } from '../../src/router';
import { Toaster } from '../../src/ui/toast';
import { SidebarButton } from '../../src/pages/shared';
import { ButtonLinkProvider } from '../../src/ui/button';
import { AppLink } from '../../src/app/app-link';
import { LazySearchPalette, LazyShortcutsDialog } from '../../src/app/lazy-dialogs';
import { LazyChatHistory } from '../../src/app/sidebar/lazy-chat-history';

/** Renders the real Layout inside a router with two tiny pages, over a chat store in memory. */

export interface Seed {
  chat: Chat;
  messages?: Message[];
}

export function seed(id: string, updatedAt: Date | number, extra: Partial<Chat> & { text?: string } = {}): Seed {
  const { text, ...fields } = extra;
  const at = typeof updatedAt === 'number' ? updatedAt : updatedAt.getTime();
  const messageId = `${id}-m1`;
  return {
    chat: { id, title: `Chat ${id}`, titleSource: 'auto', createdAt: at, updatedAt: at, pinned: false, currentLeafId: messageId, ...fields },
    messages: [{ id: messageId, chatId: id, parentId: null, role: 'user', content: text ?? `Hello from ${id}`, status: 'complete', createdAt: at }],
  };
}

/** Like the real pages, each screen's top bar carries the Open sidebar button on narrow screens. */
function HomeScreen() {
  return (
    <section>
      <SidebarButton />
      <h1 tabIndex={-1}>Home screen</h1>
      <textarea id="home-composer" aria-label="Message" />
    </section>
  );
}

function ChatScreen() {
  return (
    <header>
      <SidebarButton />
      <h1 tabIndex={-1}>Chat screen {useParams().id}</h1>
    </header>
  );
}

const routes: RouteDefinition[] = [
  { pattern: '/', page: lazyPage(() => Promise.resolve({ default: HomeScreen })) },
  { pattern: '/chat/:id', page: lazyPage(() => Promise.resolve({ default: ChatScreen })) },
];

export interface Rendered {
  history: HistorySource;
  store: ChatStore;
  persistence: ChatPersistence;
}

export async function renderLayout(
  options: { path?: string; seeds?: readonly Seed[]; layoutProps?: Omit<LayoutProps, 'children'> } = {},
): Promise<Rendered> {
  // The palette and the shortcuts help load on first use; fetched here, they open within the keypress.
  await Promise.all([LazySearchPalette.preload(), LazyShortcutsDialog.preload(), LazyChatHistory.preload()]);
  const persistence = createMemoryPersistence();
  for (const { chat, messages } of options.seeds ?? []) await persistence.createChat(chat, messages ?? []);
  const store = createChatStore({ persistence, broadcast: null, win: null, doc: null, locks: null });
  resetChatStore(store);
  const history = createMemoryHistory(options.path ?? '/');
  const TestLayout = ({ children }: { children: ReactNode }) => <Layout {...options.layoutProps}>{children}</Layout>;
  render(
    <Router routes={routes} history={history} base="">
      {/* As in the app: kit buttons with a destination navigate client-side. */}
      <ButtonLinkProvider value={AppLink}>
        <RouteView
          layout={TestLayout}
          notFound={() => <h1>Not found</h1>}
          notFoundTitle="Not found"
          loading={null}
          error={(error) => <p role="alert">{String(error)}</p>}
        />
      </ButtonLinkProvider>
      <Toaster />
    </Router>,
  );
  await settle();
  return { history, store, persistence };
}

/** Lets the store load, lazy pages resolve and React commit. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await act(async () => {});
}

export const path = (history: HistorySource) => history.getSnapshot().pathname;

export const nav = () => screen.getByRole('navigation', { name: 'Chats and navigation' });
/** The collapsed docked sidebar, when it shows. */
export const rail = () => screen.queryByRole('navigation', { name: 'Collapsed sidebar' });

/** Opens an entry's menu and chooses an item. */
export async function chooseFromMenu(title: string, item: string): Promise<void> {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: `Options for ${title}` }));
  });
  await act(async () => {
    fireEvent.click(screen.getByRole('menuitem', { name: item }));
  });
  await settle();
}

export async function press(target: Element | Document, key: string, init: KeyboardEventInit = {}): Promise<void> {
  await act(async () => {
    fireEvent.keyDown(target, { key, ...init });
  });
}
