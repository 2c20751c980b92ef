export type RouteParams = Readonly<Record<string, string>>;

export type MatchResult<R> = { route: R; params: RouteParams } | null;

/**
 * Matches an app path (base already removed, still percent-encoded) against a pattern of
 * static segments and `:params`. A trailing slash is tolerated. Params are decoded; a
 * malformed percent-encoding or an empty param never matches (the caller shows Not Found).
 */
export function matchPattern(pattern: string, path: string): RouteParams | null {
  const want = pattern.split('/').slice(1);
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  const have = trimmed.split('/').slice(1);
  if (pattern === '/' || trimmed === '/') return pattern === trimmed ? {} : null;
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const expected = want[i]!;
    const actual = have[i]!;
    if (expected.startsWith(':')) {
      if (actual === '') return null;
      try {
        params[expected.slice(1)] = decodeURIComponent(actual);
      } catch {
        return null;
      }
    } else if (expected !== actual) {
      return null;
    }
  }
  return params;
}

/** The first route whose pattern matches, with its params. */
export function matchRoutes<R extends { pattern: string }>(routes: readonly R[], path: string): MatchResult<R> {
  for (const route of routes) {
    const params = matchPattern(route.pattern, path);
    if (params) return { route, params };
  }
  return null;
}
