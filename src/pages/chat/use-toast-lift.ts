// Keeps toasts off the chat page's bars: under its header when the toast area sits at the top (SPEC
// A1's top-right), above its dock (the message box, Jump to latest) when it sits at the bottom;
// otherwise a toast covered Chat settings, Summarise, Export and Delete for 5 s (issue 33).
import { useLayoutEffect, type RefObject } from 'react';

/** The CSS variables ui/toast's toast-area.css adds to its bottom and top offsets. */
export const TOAST_LIFT_PROPERTY = '--toast-lift';
export const TOAST_DROP_PROPERTY = '--toast-drop';

/**
 * Writes a bar's height on the root while the page is shown: the dock stuck to the bottom of the
 * screen (`--toast-lift`) or the header at its top (`--toast-drop`).
 */
export function useToastLift(dockRef: RefObject<HTMLElement | null>, property = TOAST_LIFT_PROPERTY): void {
  useLayoutEffect(() => {
    const dock = dockRef.current;
    if (!dock) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty(property, `${dock.offsetHeight}px`);
    update();
    // The box grows with its text, notes and files; happy-dom and old browsers have no observer.
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    observer?.observe(dock);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(property);
    };
  }, [dockRef, property]);
}
