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
  /** Starts fetching the chunk (on link hover or focus); resolves when it is there. */
  preload(): Promise<unknown>;
};

/**
 * React.lazy with a preload handle. A failed prefetch is forgotten so the real visit tries
 * again; a failure during a visit surfaces as ChunkLoadError for the error boundary.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType<PageProps> }>): LazyPage {
  let pending: Promise<{ default: ComponentType<PageProps> }> | undefined;
  const preload = () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw new ChunkLoadError(error);
    }));
  return Object.assign(lazy(preload), { preload });
}
