/**
 * Keeps the end of the thread in view while a reply grows, unless the reader scrolled up to
 * read; then it waits until they come back down or jump to the latest. React-free: the
 * scroll position and the frame scheduler are injected, so the logic runs without layout.
 */

/** Within this distance of the end the reader counts as "at the latest": about a line of text (16 px × 1.5) plus slack. */
export const FOLLOW_THRESHOLD_PX = 40;

export interface ScrollMetrics {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

export interface ScrollTarget {
  metrics(): ScrollMetrics;
  scrollTo(top: number, smooth: boolean): void;
}

export function distanceFromBottom({ scrollTop, scrollHeight, clientHeight }: ScrollMetrics): number {
  return Math.max(0, scrollHeight - scrollTop - clientHeight);
}

export function bottomOf({ scrollHeight, clientHeight }: ScrollMetrics): number {
  return Math.max(0, scrollHeight - clientHeight);
}

/**
 * Whether to keep following after a scroll event. Text arriving below never moves the scroll
 * position, so only a move up (the reader's doing) stops following; reaching the end resumes it.
 */
export function followAfterScroll(following: boolean, previousTop: number, metrics: ScrollMetrics): boolean {
  if (distanceFromBottom(metrics) <= FOLLOW_THRESHOLD_PX) return true;
  if (metrics.scrollTop < previousTop) return false;
  return following;
}

export interface FollowScrollOptions {
  target: ScrollTarget;
  requestFrame(callback: () => void): number;
  cancelFrame(handle: number): void;
  /** prefers-reduced-motion: jumps are then instant. */
  reducedMotion(): boolean;
  onChange(following: boolean): void;
  /** Start from where the page is (a restored position) rather than following from the end. */
  keepPosition?: boolean;
  /** Start not following, wherever the page is (it opens on a message further up, a search hit). */
  hold?: boolean;
}

export interface FollowScroll {
  readonly following: boolean;
  /** The thread changed: scroll to the end in the next frame if following (one scroll per frame however many updates). */
  contentChanged(): void;
  /**
   * The thread has just been laid out at a new size (a ResizeObserver's callback, which runs
   * after layout): scroll to the end now if following, when reading the layout costs nothing and
   * the scroll lands in the frame that shows the new text; a scroll queued for the next frame is
   * dropped (it would read a layout the next update has made stale, forcing it mid-frame).
   */
  contentResized(): void;
  /** Call on every scroll event. */
  handleScroll(): void;
  /** Scroll to the end (smoothly unless reduced motion is asked for) and follow again. */
  jumpToLatest(): void;
  /** Follow again and scroll to the end at once (the reader sent a message). */
  follow(): void;
  /** Stop following where the page is (find-in-page took the reader to an older message). */
  release(): void;
  dispose(): void;
}

export function createFollowScroll({ target, requestFrame, cancelFrame, reducedMotion, onChange, keepPosition = false, hold = false }: FollowScrollOptions): FollowScroll {
  const initial = target.metrics();
  let following = !hold && (!keepPosition || distanceFromBottom(initial) <= FOLLOW_THRESHOLD_PX);
  let lastTop = initial.scrollTop;
  let frame: number | undefined;

  const setFollowing = (next: boolean) => {
    if (next === following) return;
    following = next;
    onChange(next);
  };
  const cancel = () => {
    if (frame !== undefined) cancelFrame(frame);
    frame = undefined;
  };
  const toEnd = (smooth: boolean) => target.scrollTo(bottomOf(target.metrics()), smooth);

  return {
    get following() {
      return following;
    },
    contentChanged() {
      if (!following || frame !== undefined) return;
      frame = requestFrame(() => {
        frame = undefined;
        if (following) toEnd(false);
      });
    },
    contentResized() {
      if (!following) return;
      cancel();
      toEnd(false);
    },
    handleScroll() {
      const metrics = target.metrics();
      setFollowing(followAfterScroll(following, lastTop, metrics));
      lastTop = metrics.scrollTop;
    },
    jumpToLatest() {
      cancel();
      setFollowing(true);
      toEnd(!reducedMotion());
    },
    follow() {
      cancel();
      setFollowing(true);
      toEnd(false);
    },
    release() {
      cancel();
      setFollowing(false);
    },
    dispose: cancel,
  };
}
