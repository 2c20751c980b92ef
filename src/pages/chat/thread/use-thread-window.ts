import { startTransition, useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { groupsInReach, learnGroupHeight, nextWindow, rememberGroupHeight, sameGroups, WINDOW_MARGIN_SCREENS, type GroupBox } from './thread-window';

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
  /** The groups rendered for the window as last committed, for the next reading of the layout. */
  const shownNow = useRef(shown);
  useEffect(() => {
    shownNow.current = shown;
  }, [shown]);

  useEffect(() => {
    const element = list.current;
    if (!element) return;
    const win = element.ownerDocument.defaultView ?? window;
    let frame: number | undefined;
    const update = () => {
      frame = undefined;
      const groups = element.children as HTMLCollectionOf<HTMLElement>;
      const boxes = new Map<number, GroupBox>();
      const boxOf = (group: number) => {
        let box = boxes.get(group);
        if (!box) {
          const { top, bottom } = groups[group]!.getBoundingClientRect();
          boxes.set(group, (box = { top, bottom }));
        }
        return box;
      };
      const viewport = win.innerHeight;
      const { from, to } = groupsInReach(groups.length, boxOf, viewport, viewport * WINDOW_MARGIN_SCREENS);
      const wanted: number[] = [];
      for (let group = from; group < to; group += 1) wanted.push(group);
      // The group holding focus stays: unmounting it would drop the reader's place.
      const focused = groupHolding(element, element.ownerDocument.activeElement);
      if (focused !== undefined && (focused < from || focused >= to)) wanted.push(focused);
      wanted.sort((a, b) => a - b);
      // Rendered groups: those in reach, and those leaving it (shown before), whose heights are kept.
      const rendered = new Set<number>();
      for (const group of new Set([...wanted, ...shownNow.current])) {
        const box = group < groups.length && groups[group]!.dataset.state !== 'asleep' ? boxOf(group) : undefined;
        if (!box) continue;
        rendered.add(group);
        const { key, weight } = groups[group]!.dataset;
        if (key && box.bottom > box.top) {
          rememberGroupHeight(key, box.bottom - box.top);
          learnGroupHeight(box.bottom - box.top, Number(weight));
        }
      }
      // One group more a frame at most, in a transition: rendering a group that scrolls into reach
      // yields to the scroll every few milliseconds, and no task holds more than one group's work.
      const { groups: next, more } = nextWindow(wanted, rendered, (group) => (boxOf(group).top + boxOf(group).bottom) / 2, viewport);
      startTransition(() => setShown((previous) => (sameGroups(previous, next) ? previous : next)));
      if (more) schedule();
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

/** The index of the thread's group that holds `node`, if one does. */
function groupHolding(list: HTMLElement, node: Element | null): number | undefined {
  let child: Element | null = node;
  while (child && child.parentElement !== list) child = child.parentElement;
  return child ? Array.prototype.indexOf.call(list.children, child) : undefined;
}
