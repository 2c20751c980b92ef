import { act, render, screen, within } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import {
  createChatModelRegistry,
  createChatStore,
  resetChatStore,
  type ChatModel,
  type ChatPersistence,
  type ChatStore,
} from '../../../src/chat';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import ChatPage from '../../../src/pages/chat/chat-page';
import { paths } from '../../../src/pages/paths';
import { createMemoryHistory, lazyPage, Router, RouteView, type RouteDefinition } from '../../../src/router';
import { resetToasts, Toaster } from '../../../src/ui/toast';
import { TooltipProvider } from '../../../src/ui/tooltip';

/** Renders the chat page the way the app does (router, lazy route, tooltips, toasts) over a memory store. */

export function installStore(model?: ChatModel, persistence: ChatPersistence = createMemoryPersistence()): ChatStore {
  const models = createChatModelRegistry();
  if (model) models.set(model);
  const store = createChatStore({ persistence, models, broadcast: null, win: null, doc: null, locks: null });
  resetChatStore(store);
  return store;
}

export function cleanUpStore(): void {
  resetChatStore();
  resetToasts();
}

function BareLayout({ children }: { children: ReactNode }) {
  return <div data-testid="layout">{children}</div>;
}

const routes: RouteDefinition[] = [
  { pattern: paths.home.pattern, page: lazyPage(async () => ({ default: () => <h1 tabIndex={-1}>Home page</h1> })), title: () => 'Parley' },
  { pattern: paths.chat.pattern, page: lazyPage(async () => ({ default: ChatPage })), title: () => 'Chat · Parley' },
];

export function renderChatPage(
  chatId: string,
  { strict = true, wrap: Wrap }: { strict?: boolean; /** Put around the whole tree (a render counter). */ wrap?: (props: { children: ReactNode }) => ReactNode } = {},
) {
  const history = createMemoryHistory(paths.chat.href(chatId));
  const tree = (
    <Router routes={routes} history={history} base="">
      <TooltipProvider>
        <RouteView layout={BareLayout} notFound={() => <h1>Page not found</h1>} notFoundTitle="Not found" loading={null} error={(error) => <p>{String(error)}</p>} />
        <Toaster measureHeight={() => 50} />
      </TooltipProvider>
    </Router>
  );
  const wrapped = Wrap ? <Wrap>{tree}</Wrap> : tree;
  const result = render(strict ? <StrictMode>{wrapped}</StrictMode> : wrapped);
  return { history, ...result };
}

/** Lets promises, microtasks and React updates settle. */
export async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

export const articles = (name?: 'You' | 'Assistant') => screen.queryAllByRole('article', name ? { name } : undefined);
export const lastArticle = (name: 'You' | 'Assistant') => {
  const all = articles(name);
  return all[all.length - 1]!;
};
/** The text a reader sees in a message: the user's text, or the rendered markdown of a reply. */
export const textOf = (article: HTMLElement) => (article.querySelector('.message-text, .message-markdown')?.textContent ?? '').trim();
export const notifications = () => screen.getByRole('region', { name: /Notifications/ });
export const toastTitles = () =>
  within(notifications())
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('.toast-title')?.textContent);
