import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteParams } from './matcher';

/** What every page receives: the decoded params of its route. */
export interface PageProps {
  params: RouteParams;
}

/** Thrown when a page's chunk cannot be fetched, typically after a redeploy removed it. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

export type LazyPage = LazyExoticComponent<ComponentType<PageProps>> & {
  /** Starts loading the page (the one the address opens, before the first render); never rejects. */
  preload(): Promise<void>;
  /** The page itself once its module is here: rendered directly, it does not suspend. */
  loaded(): ComponentType<PageProps> | undefined;
  /** What the visit `key` renders: after a failed load, a new visit gets a fresh lazy page, which fetches again. */
  visit(key: unknown): ComponentType<PageProps>;
};

/**
 * React.lazy whose chunk is fetched on the page's first visit and never before (SPEC A1). A
 * failed load is forgotten so the next visit tries again, and surfaces as ChunkLoadError for
 * the error boundary. Once loaded, the route view renders the page itself: a page that does not
 * suspend is shown with the layout in one commit, without React's pause before it reveals
 * suspended content.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType<PageProps> }>): LazyPage {
  let pending: Promise<{ default: ComponentType<PageProps> }> | undefined;
  let page: ComponentType<PageProps> | undefined;
  let failed = false;
  const start = () =>
    (pending ??= load().then(
      (module) => {
        page = module.default;
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        failed = true;
        throw new ChunkLoadError(error);
      },
    ));
  let current = lazy(start);
  let visited: unknown;
  return Object.assign(current, {
    preload: () => start().then(
      () => {},
      () => {},
    ),
    loaded: () => page,
    // React.lazy keeps a failure for good: the next visit gets a fresh one (issue 26: a page that
    // needed a connection opens once it is back, with no reload). Not the same visit rendered
    // again: that would fetch for ever instead of showing the failure.
    visit: (key: unknown) => {
      if (failed && key !== visited) {
        failed = false;
        current = lazy(start);
      }
      visited = key;
      return current;
    },
  });
}
