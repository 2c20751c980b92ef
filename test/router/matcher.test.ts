import { describe, expect, it } from 'vitest';
import { matchPattern, matchRoutes } from '../../src/router';

describe('matchPattern', () => {
  it.each([
    ['/', '/', {}],
    ['/', '/chat', null],
    ['/chat/:id', '/chat/abc', { id: 'abc' }],
    ['/chat/:id', '/chat/abc/', { id: 'abc' }],
    ['/chat/:id', '/chat/a%20b', { id: 'a b' }],
    ['/chat/:id', '/chat/%F0%9F%98%80', { id: '😀' }],
    ['/chat/:id', '/chat/a%2Fb', { id: 'a/b' }],
    ['/chat/:id', '/chat/%E0%A4%A', null],
    ['/chat/:id', '/chat/%', null],
    ['/chat/:id', '/chat', null],
    ['/chat/:id', '/chat/', null],
    ['/chat/:id', '/chat//', null],
    ['/chat/:id', '/chat/a/b', null],
    ['/chat/:id', '/chats/a', null],
    ['/ui', '/ui', {}],
    ['/ui', '/ui/', {}],
    ['/ui', '/nowhere', null],
    ['/a/:x/b/:y', '/a/1/b/2', { x: '1', y: '2' }],
  ])('%s against %s', (pattern, path, expected) => {
    expect(matchPattern(pattern, path)).toEqual(expected);
  });
});

describe('matchRoutes', () => {
  const routes = [{ pattern: '/' }, { pattern: '/chat/:id' }, { pattern: '/chat/new' }];
  it('returns the first matching route with its params', () => {
    expect(matchRoutes(routes, '/chat/new')).toEqual({ route: routes[1], params: { id: 'new' } });
    expect(matchRoutes(routes, '/')).toEqual({ route: routes[0], params: {} });
  });
  it('returns null when nothing matches', () => {
    expect(matchRoutes(routes, '/nowhere')).toBeNull();
  });
});
