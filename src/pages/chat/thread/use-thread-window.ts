import { startTransition, useCallback, useEffect, useState, type RefObject } from 'react';
import { groupsInWindow, learnGroupHeight, rememberGroupHeight, sameGroups, WINDOW_MARGIN_SCREENS, type GroupBox } from './thread-window';

/** No group shown from layout yet: only the ones the thread pins (the newest, a search hit). */
const NONE: readonly number[] = [];

/**
 * Which groups of the thread are near the screen, read from the layout after each scroll, resize
 * or change of the thread's size (in the next animation frame, when layout is clean and the page
 * has scrolled where it opens). Rendered groups' heights are remembered as they are read, so one
 * that leaves the window keeps its place. Typing reads nothing: the cost is the scroll's.
 *
 * `wake` shows a group at once: find-in-page found text in it (`beforematch`).
 */
export function useThreadWindow(list: RefObject<HTMLElement | null>): { shown: readonly number[]; wake(group: number): void } {
  const [shown, setShown] = useState(NONE);

  useEffect(() => {
    const element = list.current;
    if (!element) return;
    const win = element.ownerDocument.defaultView ?? window;
    let frame: number | undefined;
    const update = () => {
      frame = undefined;
      const active = element.ownerDocument.activeElement;
      const boxes: GroupBox[] = [];
      for (const group of element.children as Iterable<HTMLElement>) {
        const { top, bottom } = group.getBoundingClientRect();
        boxes.push({ top, bottom, hasFocus: active !== null && group.contains(active) });
        const { key, weight } = group.dataset;
        if (group.dataset.state !== 'asleep' && key && bottom > top) {
          rememberGroupHeight(key, bottom - top);
          learnGroupHeight(bottom - top, Number(weight));
        }
      }
      const next = groupsInWindow(boxes, win.innerHeight, win.innerHeight * WINDOW_MARGIN_SCREENS);
      // A transition: rendering a group that scrolls into reach yields to the scroll every few
      // milliseconds instead of holding the frame (the longest task while flicking to the top).
      startTransition(() => setShown((previous) => (sameGroups(previous, next) ? previous : next)));
    };
    const schedule = () => {
      frame ??= win.requestAnimationFrame(update);
    };
    win.addEventListener('scroll', schedule, { passive: true });
    win.addEventListener('resize', schedule);
    // Fires once on observing too: the first window is read after the page has scrolled to where it opens.
    const observer = typeof win.ResizeObserver === 'function' ? new win.ResizeObserver(schedule) : null;
    observer?.observe(element);
    return () => {
      win.removeEventListener('scroll', schedule);
      win.removeEventListener('resize', schedule);
      observer?.disconnect();
      if (frame !== undefined) win.cancelAnimationFrame(frame);
    };
  }, [list]);

  const wake = useCallback((group: number) => setShown((previous) => (previous.includes(group) ? previous : [...previous, group].sort((a, b) => a - b))), []);
  return { shown, wake };
}
