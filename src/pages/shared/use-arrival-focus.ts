import { useEffect, type RefObject } from 'react';

/**
 * Where the user's next action is when they arrive on a screen with a composer: typing. The
 * router puts focus on the new screen's heading (or leaves it where it was on the first load);
 * once the composer can take input, focus moves to it, unless the user has already put focus
 * somewhere else on purpose (a dialog, the sidebar, another field).
 */
export function useArrivalFocus(target: RefObject<HTMLElement | null>, ready: boolean, key: string): void {
  useEffect(() => {
    if (!ready) return;
    const element = target.current;
    if (!element || !(element.ownerDocument.defaultView)) return;
    if (shouldTakeFocus(element.ownerDocument.activeElement, element)) element.focus({ preventScroll: true });
    // Once per screen (key), not on every change of `ready`.
  }, [ready, key]); // eslint-disable-line react-hooks/exhaustive-deps
}

/** Focus on nothing (body), or on the screen's own non-editable parts (its heading), may move. */
export function shouldTakeFocus(active: Element | null, target: HTMLElement): boolean {
  if (!active || active === target) return false;
  const doc = target.ownerDocument;
  if (active === doc.body || active === doc.documentElement) return true;
  const screen = target.closest('.route-screen');
  if (!screen?.contains(active)) return false;
  if (active.closest('dialog, [role="dialog"], [role="menu"]')) return false;
  return !isEditable(active);
}

function isEditable(element: Element): boolean {
  if (element instanceof HTMLTextAreaElement) return true;
  if (element instanceof HTMLInputElement) return !['button', 'checkbox', 'radio', 'submit', 'reset'].includes(element.type);
  return element instanceof HTMLElement && element.isContentEditable;
}
