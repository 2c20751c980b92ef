import { describe, expect, it, vi } from 'vitest';
import { createBrowserHistory, createMemoryHistory } from '../../src/router';

describe('createMemoryHistory', () => {
  it('pushes, replaces and goes back and forward, notifying subscribers', () => {
    const history = createMemoryHistory('/start?x=1#h');
    const listener = vi.fn();
    history.subscribe(listener);
    expect(history.getSnapshot()).toMatchObject({ pathname: '/start', search: '?x=1', hash: '#h', action: 'initial' });

    history.push('/a');
    history.push('/b');
    expect(history.getSnapshot()).toMatchObject({ pathname: '/b', action: 'push' });
    history.go(-1);
    expect(history.getSnapshot()).toMatchObject({ pathname: '/a', action: 'pop' });
    history.replace('/a2');
    expect(history.entries).toEqual(['/start?x=1#h', '/a2', '/b']);
    history.go(1);
    expect(history.getSnapshot().pathname).toBe('/b');
    expect(listener).toHaveBeenCalledTimes(5);
  });

  it('keeps the snapshot identity until something changes (useSyncExternalStore needs that)', () => {
    const history = createMemoryHistory('/');
    expect(history.getSnapshot()).toBe(history.getSnapshot());
    history.go(-1);
    expect(history.getSnapshot().action).toBe('initial');
  });

  it('gives a pushed entry a new key and a revisited entry its old key', () => {
    const history = createMemoryHistory('/');
    const first = history.getSnapshot().key;
    history.push('/x');
    expect(history.getSnapshot().key).not.toBe(first);
    history.go(-1);
    expect(history.getSnapshot().key).toBe(first);
  });

  it('replaces an entry on the same screen under its key: only the query changed, no navigation', () => {
    const history = createMemoryHistory('/chat/1');
    history.push('/chat/2');
    const { key, action } = history.getSnapshot();
    history.replace('/chat/2?settings=sync', { sameScreen: true });
    expect(history.getSnapshot()).toMatchObject({ pathname: '/chat/2', search: '?settings=sync', key, action });
    expect(history.entries).toEqual(['/chat/1', '/chat/2?settings=sync']);
    history.replace('/chat/2');
    expect(history.getSnapshot().key).not.toBe(key);
  });

  it('stops notifying after unsubscribe', () => {
    const history = createMemoryHistory('/');
    const listener = vi.fn();
    history.subscribe(listener)();
    history.push('/x');
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('createBrowserHistory', () => {
  it('follows pushState and popstate of the window', () => {
    window.history.replaceState(null, '', '/');
    const history = createBrowserHistory(window);
    const listener = vi.fn();
    history.subscribe(listener);
    history.push('/chat/1?q=2');
    expect(window.location.pathname).toBe('/chat/1');
    expect(history.getSnapshot()).toMatchObject({ pathname: '/chat/1', search: '?q=2', action: 'push' });
    window.history.replaceState(window.history.state, '', '/chat/2');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(history.getSnapshot()).toMatchObject({ pathname: '/chat/2', action: 'pop' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('keeps the key on a same-screen replace', () => {
    window.history.replaceState(null, '', '/');
    const history = createBrowserHistory(window);
    history.push('/chat/3');
    const { key } = history.getSnapshot();
    history.replace('/chat/3?settings=data', { sameScreen: true });
    expect(window.location.search).toBe('?settings=data');
    expect(history.getSnapshot()).toMatchObject({ pathname: '/chat/3', search: '?settings=data', key, action: 'push' });
  });
});
