import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { readBasePath, stripBase, withBase } from './base-path';
import { createBrowserHistory, type HistoryLocation, type HistorySource } from './history';
import { matchRoutes, type RouteParams } from './matcher';
import type { LazyPage } from './lazy-page';

export interface RouteDefinition {
  /** `/`, `/chat/:id`: static segments and `:params`. */
  readonly pattern: string;
  readonly page: LazyPage;
  /** `false` renders the page without the layout. */
  readonly layout?: boolean;
  readonly title?: (params: RouteParams) => string;
}

export interface NavigateOptions {
  replace?: boolean;
  /**
   * The address changes but the screen stays (a dialog's state in the query, `?settings=sync`):
   * the entry is replaced under the same key, so no scroll, focus move or announcement follows.
   */
  sameScreen?: boolean;
}

export interface AppLocation extends Omit<HistoryLocation, 'pathname'> {
  /** The route path: pathname without the base, still percent-encoded. */
  readonly path: string;
}

interface RouterValue {
  readonly history: HistorySource;
  readonly base: string;
  readonly routes: readonly RouteDefinition[];
  /** Stable identity: safe in effect dependencies, never re-renders consumers. */
  navigate(to: string, options?: NavigateOptions): void;
}

const RouterContext = createContext<RouterValue | null>(null);

let browserHistory: HistorySource | undefined;
/** One browser history per document: created on first use so importing the router has no side effects. */
function defaultHistory() {
  return (browserHistory ??= createBrowserHistory());
}

export interface RouterProps {
  routes: readonly RouteDefinition[];
  /** Defaults to the real browser history; tests pass a memory history. */
  history?: HistorySource;
  /** Defaults to the document's `<base href>`. */
  base?: string;
  children: ReactNode;
}

export function Router({ routes, history: given, base: givenBase, children }: RouterProps) {
  const history = given ?? defaultHistory();
  const base = givenBase ?? readBasePath();
  const value = useMemo<RouterValue>(
    () => ({
      history,
      base,
      routes,
      navigate(to, options) {
        const url = withBase(to, base);
        const now = history.getSnapshot();
        // Re-clicking the current page must not stack duplicate entries.
        if (options?.sameScreen) history.replace(url, { sameScreen: true });
        else if (options?.replace || url === now.pathname + now.search + now.hash) history.replace(url);
        else history.push(url);
      },
    }),
    [history, base, routes],
  );
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('useRouter must be used inside <Router>');
  return router;
}

export function useNavigate() {
  return useRouter().navigate;
}

export function useLocation(): AppLocation {
  const { history, base } = useRouter();
  const snapshot = useSyncExternalStore(history.subscribe, history.getSnapshot, history.getSnapshot);
  return useMemo(() => {
    const { pathname, ...rest } = snapshot;
    return { ...rest, path: stripBase(pathname, base) };
  }, [snapshot, base]);
}

/** The href a link to an app path renders: the base is always included. */
export function useHref(to: string): string {
  return withBase(to, useRouter().base);
}
