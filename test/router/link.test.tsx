import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryHistory, lazyPage, Link, Router, type RouteDefinition } from '../../src/router';

const routes: RouteDefinition[] = [{ pattern: '/', page: lazyPage(() => Promise.resolve({ default: () => null })) }];

function renderLink(props: Parameters<typeof Link>[0], base = '/app', start = '/app/chat/1?x=1') {
  const history = createMemoryHistory(start);
  render(
    <Router routes={routes} history={history} base={base}>
      <Link {...props} />
    </Router>,
  );
  return { history, link: screen.getByRole('link') };
}

/** What the browser would do by default; recorded, then cancelled so happy-dom does not navigate for real. */
let browserWouldNavigate = false;
const stopBrowser = (event: Event) => {
  browserWouldNavigate = !event.defaultPrevented;
  event.preventDefault();
};
beforeEach(() => {
  browserWouldNavigate = false;
  document.addEventListener('click', stopBrowser);
});
afterEach(() => document.removeEventListener('click', stopBrowser));

describe('Link', () => {
  it('renders app paths with the base and navigates client-side', () => {
    const { history, link } = renderLink({ to: '/chat/2', children: 'go' });
    expect(link.getAttribute('href')).toBe('/app/chat/2');
    fireEvent.click(link);
    expect(browserWouldNavigate).toBe(false);
    expect(history.getSnapshot().pathname).toBe('/app/chat/2');
  });

  it('replaces the entry when asked', () => {
    const { history, link } = renderLink({ to: '/chat/2', replace: true, children: 'go' });
    fireEvent.click(link);
    expect(history.entries).toEqual(['/app/chat/2']);
  });

  it.each([
    ['target=_blank', { to: '/chat/2', target: '_blank' }],
    ['download', { to: '/chat/2', download: 'chat.json' }],
    ['another origin', { to: 'https://example.com/x' }],
    ['a hash-only link', { to: '#part' }],
  ])('leaves %s to the browser', (_, props) => {
    const { history, link } = renderLink({ ...props, children: 'go' });
    fireEvent.click(link);
    expect(browserWouldNavigate).toBe(true);
    expect(history.getSnapshot().pathname).toBe('/app/chat/1');
  });

  it('keeps hash-only links on the current page despite the <base>', () => {
    const { link } = renderLink({ to: '#part', children: 'go' });
    expect(link.getAttribute('href')).toBe('/app/chat/1?x=1#part');
  });

  it('lets the caller cancel navigation with preventDefault', () => {
    const { history, link } = renderLink({ to: '/chat/2', onClick: (e) => e.preventDefault(), children: 'go' });
    fireEvent.click(link);
    expect(history.getSnapshot().pathname).toBe('/app/chat/1');
  });
});
