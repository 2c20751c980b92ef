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
  const start = () =>
    (pending ??= load().then(
      (module) => {
        page = module.default;
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw new ChunkLoadError(error);
      },
    ));
  return Object.assign(lazy(start), {
    preload: () => start().then(
      () => {},
      () => {},
    ),
    loaded: () => page,
  });
}
