import { act, render, screen, within } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import {
  createChatModelRegistry,
  createChatStore,
  createMemoryPersistence,
  resetChatStore,
  type ChatModel,
  type ChatPersistence,
  type ChatStore,
} from '../../../src/chat';
import { setCatalogue, type Catalogue } from '../../../src/i18n';
import { en } from '../../../src/i18n/en';
import ChatPage from '../../../src/pages/chat/chat-page';
import { paths } from '../../../src/pages/paths';
import { createMemoryHistory, lazyPage, Router, RouteView, type RouteDefinition } from '../../../src/router';
import { resetToasts, Toaster } from '../../../src/ui/toast';
import { TooltipProvider } from '../../../src/ui/tooltip';

/** Renders the chat page the way the app does (router, lazy route, tooltips, toasts) over a memory store. */

/** The chat page's strings (keys the page asks the catalogue to add), so tests read what users read. */
export const CHAT_PAGE_STRINGS = {
  'chat.loading': 'Loading chat…',
  'chat.notFound.title': 'Chat not found',
  'chat.notFound.body': 'There is no chat at this address. It may have been deleted, or the link is mistyped.',
  'chat.notFound.home': 'Go to the home page',
  'chat.actions': 'Chat actions',
  'chat.model': 'Model',
  'chat.export': 'Export chat',
  'chat.exported': 'Chat exported',
  'chat.exportFailed': 'The chat could not be exported',
  'chat.delete': 'Delete chat',
  'chat.deleted': 'Chat deleted',
  'chat.undo': 'Undo',
  'chat.rename.action': 'Rename',
  'chat.rename.field': 'Chat title',
  'chat.thread.label': 'Messages',
  'chat.message.you': 'You',
  'chat.message.assistant': 'Assistant',
  'chat.message.system': 'System',
  'chat.message.actions': 'Message actions',
  'chat.message.copy': 'Copy',
  'chat.message.edit': 'Edit',
  'chat.message.regenerate': 'Regenerate',
  'chat.message.delete': 'Delete message',
  'chat.message.deleted': 'Message deleted',
  'chat.message.streaming': 'Writing…',
  'chat.message.stopped': 'Stopped',
  'chat.retry': 'Retry',
  'chat.copy.done': 'Copied',
  'chat.copy.failed': 'Could not copy',
  'chat.copy.unavailable': 'The clipboard is not available on this page.',
  'chat.edit.label': 'Edit message',
  'chat.edit.save': 'Save and send',
  'chat.edit.cancel': 'Cancel',
  'chat.branch.label': 'Versions',
  'chat.branch.previous': 'Previous version',
  'chat.branch.next': 'Next version',
  'chat.branch.position': '{index}/{total}',
  'chat.branch.announce': 'Version {index} of {total}',
  'chat.reasoning.thinking': 'Thinking…',
  'chat.reasoning.thoughtFor': 'Thought for {seconds} s',
  'chat.reasoning.label': 'Reasoning',
  'chat.stats.label': 'Reply statistics',
  'chat.stats.firstToken': '{seconds} s to first token',
  'chat.stats.speed': '{rate} tokens/s',
  'chat.stats.speedEstimated': '{rate} tokens/s (estimated)',
  'chat.stats.tokens': '{count} tokens',
  'chat.jumpToLatest': 'Jump to latest',
  'chat.composer.placeholder': 'Reply to the assistant',
} as const;

export function installChatStrings(): void {
  setCatalogue({ ...en, ...CHAT_PAGE_STRINGS } as Catalogue);
}

export function restoreStrings(): void {
  setCatalogue(en);
}

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

export function renderChatPage(chatId: string, { strict = true }: { strict?: boolean } = {}) {
  const history = createMemoryHistory(paths.chat.href(chatId));
  const tree = (
    <Router routes={routes} history={history} base="">
      <TooltipProvider>
        <RouteView layout={BareLayout} notFound={() => <h1>Page not found</h1>} notFoundTitle="Not found" loading={null} error={(error) => <p>{String(error)}</p>} />
        <Toaster measureHeight={() => 50} />
      </TooltipProvider>
    </Router>
  );
  const result = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
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
export const textOf = (article: HTMLElement) => article.querySelector('.message-text')?.textContent ?? '';
export const notifications = () => screen.getByRole('region', { name: /Notifications/ });
export const toastTitles = () =>
  within(notifications())
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('.toast-title')?.textContent);
