import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Renders a long history a slice at a time: the first entries at once, more whenever a
 * sentinel after the last rendered entry comes near the visible part of the list. 10,000
 * chats then cost what 100 cost until the user actually scrolls down.
 */

/** Entries rendered at first: several screens' worth, so the first scroll never shows a gap. */
export const INITIAL_RENDERED_ENTRIES = 100;
/** Entries added each time the sentinel comes near. */
export const RENDER_BATCH_ENTRIES = 100;
/** How far below the visible part the sentinel already counts as near, so rows are there before they scroll in. */
export const SENTINEL_ROOT_MARGIN = '600px';

export interface RenderLimit {
  limit: number;
  /** Put on an element after the last rendered entry (only while some are left out). */
  sentinelRef: RefObject<HTMLDivElement | null>;
}

export function useRenderLimit(total: number, rootRef: RefObject<HTMLElement | null>): RenderLimit {
  const [limit, setLimit] = useState(INITIAL_RENDERED_ENTRIES);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const hasMore = total > limit;

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!hasMore || !sentinel || typeof IntersectionObserver !== 'function') return;
    // A fresh observer after each batch reports the sentinel's state at once: if it is still
    // near (a tall window), the next batch follows without waiting for a scroll.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setLimit((current) => current + RENDER_BATCH_ENTRIES);
        }
      },
      { root: rootRef.current, rootMargin: `0px 0px ${SENTINEL_ROOT_MARGIN} 0px` },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasMore, limit, rootRef]);

  return { limit, sentinelRef };
}
