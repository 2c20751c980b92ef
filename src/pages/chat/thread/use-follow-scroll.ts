import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { createFollowScroll, type FollowScroll, type ScrollTarget } from './follow-scroll';

/**
 * The chat page scrolls with the document (the layout's sidebar is sticky, and the router
 * saves and restores the window's scroll), so following reads and moves the window.
 */

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export function documentScrollTarget(win: Window): ScrollTarget {
  const element = () => win.document.scrollingElement ?? win.document.documentElement;
  return {
    metrics() {
      const { scrollTop, scrollHeight, clientHeight } = element();
      return { scrollTop, scrollHeight, clientHeight };
    },
    scrollTo(top, smooth) {
      // 'instant', not 'auto': a stylesheet's scroll-behavior must not make following animate.
      win.scrollTo({ top, behavior: smooth ? 'smooth' : 'instant' });
    },
  };
}

export interface FollowScrollControls {
  /** False once the reader scrolled up: show "Jump to latest". */
  following: boolean;
  contentChanged(): void;
  jumpToLatest(): void;
  follow(): void;
  release(): void;
}

/**
 * Follows the end of the document while `watched` grows (its size is observed too: late layout,
 * images). Opens at the end, except with `keepPosition` (back/forward restored the reader's place)
 * or `hold` (the page opens on a message further up: a search hit). `dock` is the box stuck to the
 * screen's bottom over the thread's end (the message box): when it grows (a few lines typed, a
 * note, files) it covers the end, so its growth is followed as the thread's is (issue 33).
 */
export function useFollowScroll(
  watched: RefObject<HTMLElement | null>,
  keepPosition = false,
  hold = false,
  dock?: RefObject<HTMLElement | null>,
): FollowScrollControls {
  const [following, setFollowing] = useState(true);
  const controller = useRef<FollowScroll | null>(null);
  // Only how the page was reached counts: later navigations don't re-decide where it opened.
  const keepInitialPosition = useRef(keepPosition).current;
  const holdInitially = useRef(hold).current;

  useEffect(() => {
    const follow = createFollowScroll({
      target: documentScrollTarget(window),
      requestFrame: (callback) => window.requestAnimationFrame(callback),
      cancelFrame: (handle) => window.cancelAnimationFrame(handle),
      reducedMotion: () => window.matchMedia?.(REDUCED_MOTION_QUERY).matches ?? false,
      onChange: setFollowing,
      keepPosition: keepInitialPosition,
      hold: holdInitially,
    });
    controller.current = follow;
    setFollowing(follow.following);
    const onScroll = () => follow.handleScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    const element = watched.current;
    // Told after layout, so following reads a layout that is already up to date (no forced layout per frame).
    // Not once the thread has left the page: its last report (size 0) comes after the next screen
    // is in, before this effect's cleanup, and would scroll that screen to its end (issue 33).
    const observer = element && typeof ResizeObserver !== 'undefined' ? new ResizeObserver(() => element.isConnected && follow.contentResized()) : null;
    if (element) observer?.observe(element);
    if (dock?.current) observer?.observe(dock.current);
    follow.contentChanged();
    return () => {
      window.removeEventListener('scroll', onScroll);
      observer?.disconnect();
      follow.dispose();
      controller.current = null;
    };
  }, [watched, keepInitialPosition, holdInitially, dock]);

  // Stable identities: memoised messages receive them without re-rendering.
  const actions = useMemo(
    () => ({
      contentChanged: () => controller.current?.contentChanged(),
      jumpToLatest: () => controller.current?.jumpToLatest(),
      follow: () => controller.current?.follow(),
      release: () => controller.current?.release(),
    }),
    [],
  );
  return { following, ...actions };
}
