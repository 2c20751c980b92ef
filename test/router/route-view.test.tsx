import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createMemoryHistory,
  lazyPage,
  Link,
  PAGE_LOADING_DELAY_MS,
  Router,
  RouteView,
  useParams,
  type RouteDefinition,
} from '../../src/router';

/** A page module whose arrival the test controls. */
function deferredPage(render: () => ReactNode) {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const load = vi.fn(
    () =>
      new Promise<{ default: () => ReactNode }>((res, rej) => {
        resolve = () => res({ default: render });
        reject = rej;
      }),
  );
  return { page: lazyPage(load), load, resolve: () => resolve(), reject: (e: Error) => reject(e) };
}

const instantPage = (render: () => ReactNode) => lazyPage(() => Promise.resolve({ default: render }));

function Layout({ children }: { children: ReactNode }) {
  return (
    <div data-testid="layout">
      <nav>
        <Link to="/">Home</Link>
        <Link to="/chat/42">Chat 42</Link>
        <Link to="/slow">Slow</Link>
        <Link to="/crash">Crash</Link>
        <Link to="/bare">Bare</Link>
      </nav>
      {children}
    </div>
  );
}

function ChatScreen() {
  return <h1 tabIndex={-1}>Chat {useParams().id}</h1>;
}

function Crash(): ReactNode {
  throw new Error('boom');
}

let slow: ReturnType<typeof deferredPage>;
let routes: RouteDefinition[];

beforeEach(() => {
  vi.useFakeTimers();
  slow = deferredPage(() => <h1 tabIndex={-1}>Slow page</h1>);
  routes = [
    { pattern: '/', page: instantPage(() => <h1 tabIndex={-1}>Home page</h1>), title: () => 'Home' },
    { pattern: '/chat/:id', page: instantPage(ChatScreen), title: (p) => `Chat ${p.id}` },
    { pattern: '/slow', page: slow.page },
    { pattern: '/crash', page: instantPage(Crash) },
    { pattern: '/bare', page: instantPage(() => <h1>Bare page</h1>), layout: false },
  ];
});

// Clicks left to the browser are cancelled at the document so happy-dom does not navigate for real.
const stopBrowser = (event: Event) => event.preventDefault();
beforeEach(() => document.addEventListener('click', stopBrowser));
afterEach(() => {
  document.removeEventListener('click', stopBrowser);
  vi.useRealTimers();
});

async function renderAt(path: string) {
  const history = createMemoryHistory(path);
  render(
    <Router routes={routes} history={history} base="">
      <RouteView
        layout={Layout}
        notFound={() => <h1>Not found</h1>}
        notFoundTitle="Not found"
        loading={<div role="progressbar" aria-label="Loading page" />}
        error={(error) => <p role="alert">Crashed: {String((error as Error).message)}</p>}
      />
    </Router>,
  );
  await act(async () => {});
  return history;
}

const click = async (name: string, init?: MouseEventInit) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('link', { name }), init);
  });
};

describe('RouteView', () => {
  it('renders a page preloaded before the first render in the same commit as the layout, without suspending', async () => {
    const history = createMemoryHistory('/slow');
    const preloaded = routes[2]!.page.preload();
    slow.resolve();
    await act(async () => {
      await preloaded;
    });
    // No act flush after render: a page that suspended would only show its (empty) fallback here.
    render(
      <Router routes={routes} history={history} base="">
        <RouteView layout={Layout} notFound={() => null} notFoundTitle="" loading={null} error={() => null} />
      </Router>,
    );
    expect(screen.getByRole('heading', { name: 'Slow page' })).toBeTruthy();
  });

  it('renders the matched page inside the layout and sets the title', async () => {
    await renderAt('/chat/abc');
    expect(screen.getByRole('heading', { name: 'Chat abc' })).toBeTruthy();
    expect(screen.getByTestId('layout')).toBeTruthy();
    expect(document.title).toBe('Chat abc');
  });

  it('navigates on a plain left click, moves focus to the heading and follows the title', async () => {
    const history = await renderAt('/');
    await click('Chat 42');
    expect(history.getSnapshot().pathname).toBe('/chat/42');
    const heading = screen.getByRole('heading', { name: 'Chat 42' });
    expect(document.activeElement).toBe(heading);
    expect(document.title).toBe('Chat 42');
  });

  it.each([
    ['ctrl', { ctrlKey: true }],
    ['meta', { metaKey: true }],
    ['shift', { shiftKey: true }],
    ['alt', { altKey: true }],
    ['middle button', { button: 1 }],
  ])('leaves a %s click to the browser', async (_, init) => {
    const history = await renderAt('/');
    await click('Chat 42', init);
    expect(history.getSnapshot().pathname).toBe('/');
  });

  it('keeps the previous screen while a chunk loads and shows the indicator only after 200 ms', async () => {
    await renderAt('/');
    await click('Slow');
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(PAGE_LOADING_DELAY_MS - 1));
    expect(screen.queryByRole('progressbar')).toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByRole('progressbar', { name: 'Loading page' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeTruthy();
    await act(async () => slow.resolve());
    expect(screen.getByRole('heading', { name: 'Slow page' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('never shows the indicator when the chunk arrives within 200 ms', async () => {
    await renderAt('/');
    await click('Slow');
    await act(async () => vi.advanceTimersByTime(50));
    await act(async () => slow.resolve());
    await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('heading', { name: 'Slow page' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('fetches a page chunk on its first visit only: not on hover or focus of a link, once in all', async () => {
    await renderAt('/');
    fireEvent.mouseEnter(screen.getByRole('link', { name: 'Slow' }));
    fireEvent.focus(screen.getByRole('link', { name: 'Slow' }));
    expect(slow.load).not.toHaveBeenCalled();
    await click('Slow');
    expect(slow.load).toHaveBeenCalledTimes(1);
    await act(async () => slow.resolve());
    await click('Home');
    await click('Slow');
    expect(screen.getByRole('heading', { name: 'Slow page' })).toBeTruthy();
    expect(slow.load).toHaveBeenCalledTimes(1);
  });

  it('shows the error fallback inside the layout when a chunk fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderAt('/slow');
    await act(async () => slow.reject(new Error('Failed to fetch dynamically imported module')));
    expect(screen.getByRole('alert').textContent).toContain('Failed to fetch');
    expect(screen.getByTestId('layout')).toBeTruthy();
  });

  it('fetches a page whose chunk failed again on its next visit, once, and shows it (issue 26: back online, no reload)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderAt('/slow');
    await act(async () => slow.reject(new Error('Failed to fetch dynamically imported module')));
    expect(screen.getByRole('alert')).toBeTruthy();
    // Rendering the failed visit again does not fetch again: the failure stays on screen.
    expect(slow.load).toHaveBeenCalledTimes(1);
    await click('Home');
    await click('Slow');
    expect(slow.load).toHaveBeenCalledTimes(2);
    await act(async () => slow.resolve());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Slow page' })).toBeTruthy();
  });

  it('contains a crashing page and recovers on the next navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderAt('/crash');
    expect(screen.getByRole('alert').textContent).toBe('Crashed: boom');
    await click('Home');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeTruthy();
  });

  it.each(['/nowhere', '/chat/%E0%A4%A', '/chat/'])('shows Not Found inside the layout for %s', async (path) => {
    await renderAt(path);
    expect(screen.getByRole('heading', { name: 'Not found' })).toBeTruthy();
    expect(screen.getByTestId('layout')).toBeTruthy();
    expect(document.title).toBe('Not found');
  });

  it('renders a route with layout: false without the layout', async () => {
    await renderAt('/bare');
    expect(screen.getByRole('heading', { name: 'Bare page' })).toBeTruthy();
    expect(screen.queryByTestId('layout')).toBeNull();
  });

  it('scrolls to the top on push and restores the position on back', async () => {
    const history = await renderAt('/');
    window.scrollTo(0, 500);
    await click('Chat 42');
    expect(window.scrollY).toBe(0);
    window.scrollTo(0, 120);
    await act(async () => history.go(-1));
    expect(window.scrollY).toBe(500);
    await act(async () => history.go(1));
    expect(window.scrollY).toBe(120);
  });

  it('follows back and forward', async () => {
    const history = await renderAt('/');
    await click('Chat 42');
    await act(async () => history.go(-1));
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeTruthy();
    await act(async () => history.go(1));
    expect(screen.getByRole('heading', { name: 'Chat 42' })).toBeTruthy();
  });
});
