import { useEffect, useReducer, type ComponentType } from 'react';
import { withChunkStyles } from '../../lib/chunk-styles';
import { loadOnce } from '../../lib/load-once';
import { whenIdle } from '../../lib/when-idle';
import type { TooltipContentProps } from './tooltip-content';

/**
 * The bubble's code (placement, portal, dismissal, tooltip.css) is not on the first screen,
 * where no tooltip is open: it is fetched right after the first paint, or when a pointer
 * enters or focus reaches a trigger, whichever comes first. The 700 ms hover delay hides the
 * fetch on a cold cache; after the idle fetch even an instant open (keyboard focus) renders
 * at once.
 */
type Content = ComponentType<TooltipContentProps>;

/**
 * Fetches the bubble's code once (a failed fetch is tried again by the next request). The
 * chunk's name is the file's (build-styles.mjs): its stylesheet loads with it.
 */
export const preloadTooltipContent = loadOnce<Content>(
  withChunkStyles('tooltip-content', () => import('./tooltip-content').then((module) => module.TooltipContent)),
);
let idleScheduled = false;

/** Starts the fetch without waiting: a failure only means no bubble until a later try succeeds. */
export function warmTooltipContent(): void {
  if (!preloadTooltipContent.loaded()) preloadTooltipContent().catch(() => {});
}

/** Asks for the fetch once, right after the first paint (called as triggers mount). */
export function warmTooltipContentWhenIdle(): void {
  if (idleScheduled) return;
  idleScheduled = true;
  whenIdle(warmTooltipContent);
}

/** The bubble component once loaded; an open tooltip whose code is on its way re-renders when it arrives. */
export function useTooltipContent(open: boolean): Content | undefined {
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (!open || preloadTooltipContent.loaded()) return;
    let live = true;
    preloadTooltipContent().then(
      () => live && rerender(),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [open]);
  return preloadTooltipContent.loaded();
}

/** Tests: as if the code had never been fetched (the next open fetches it again). */
export function resetTooltipContent(): void {
  preloadTooltipContent.reset();
  idleScheduled = false;
}
