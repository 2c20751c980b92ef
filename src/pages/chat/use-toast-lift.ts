// Keeps toasts above the chat page's dock (the message box, Jump to latest): the toast area sits
// at the bottom (issue 33) and would otherwise cover Send, Attach or the box itself for 5 s.
import { useLayoutEffect, type RefObject } from 'react';

/** The CSS variable ui/toast's toast-area.css adds to its bottom offset. */
export const TOAST_LIFT_PROPERTY = '--toast-lift';

/** Writes the dock's height (it is stuck to the bottom of the screen) on the root while the page is shown. */
export function useToastLift(dockRef: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const dock = dockRef.current;
    if (!dock) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty(TOAST_LIFT_PROPERTY, `${dock.offsetHeight}px`);
    update();
    // The box grows with its text, notes and files; happy-dom and old browsers have no observer.
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    observer?.observe(dock);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(TOAST_LIFT_PROPERTY);
    };
  }, [dockRef]);
}
