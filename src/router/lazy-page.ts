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

export type LazyPage = LazyExoticComponent<ComponentType<PageProps>>;

/**
 * React.lazy whose chunk is fetched on the page's first visit and never before (SPEC A1). A
 * failed load is forgotten so the next visit tries again, and surfaces as ChunkLoadError for
 * the error boundary.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType<PageProps> }>): LazyPage {
  let pending: Promise<{ default: ComponentType<PageProps> }> | undefined;
  return lazy(
    () =>
      (pending ??= load().catch((error: unknown) => {
        pending = undefined;
        throw new ChunkLoadError(error);
      })),
  );
}
