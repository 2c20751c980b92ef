import { useEffect, useRef, type RefObject } from 'react';
import { toast } from './toast-store';

/** Why the toasts are paused; each is held and released on its own, and any one keeps them paused. */
export type PauseReason = 'hover' | 'focus' | 'window-blur' | 'hidden';

/**
 * Pauses every toast while someone is attending to them (SPEC A2): the pointer over the area,
 * keyboard focus inside it, the window without focus, the page hidden. Reasons are held in the
 * store under `scope` so two toasters don't release each other's.
 *
 * Only keyboard focus counts: a mouse click on a toast's button also focuses it, and focus
 * would otherwise keep every toast paused long after the pointer has left.
 */
export function useToastPause(region: RefObject<HTMLElement | null>, scope: string): void {
  const held = useRef(new Set<PauseReason>());
  /** How the user last interacted: focus without any prior pointer press (e.g. F8, Tab, a script) counts as keyboard. */
  const keyboardModality = useRef(true);

  const hold = (reason: PauseReason) => {
    if (held.current.has(reason)) return;
    held.current.add(reason);
    toast.pauseAll(`${scope}:${reason}`);
  };
  const release = (reason: PauseReason) => {
    if (!held.current.delete(reason)) return;
    toast.resumeAll(`${scope}:${reason}`);
  };

  // A focused toast that is removed takes focus with it without a focusout in some browsers:
  // after every render, check that focus is really still inside.
  useEffect(() => {
    const element = region.current;
    if (held.current.has('focus') && !element?.contains(document.activeElement)) release('focus');
  });

  useEffect(() => {
    const element = region.current;
    if (!element) return;
    const reasons = held.current;
    const onPointerEnter = () => hold('hover');
    const onPointerLeave = () => release('hover');
    const onFocusIn = () => keyboardModality.current && hold('focus');
    const onKeyDown = () => {
      keyboardModality.current = true;
      if (element.contains(document.activeElement)) hold('focus');
    };
    const onPointerDown = () => {
      keyboardModality.current = false;
    };
    const onFocusOut = (event: FocusEvent) => {
      if (!element.contains(event.relatedTarget as Node | null)) release('focus');
    };
    // Element focus events reach window only in the capture phase; these listeners hear the window's own.
    const onWindowBlur = (event: Event) => event.target === event.currentTarget && hold('window-blur');
    const onWindowFocus = (event: Event) => event.target === event.currentTarget && release('window-blur');
    const onVisibility = () => (document.visibilityState === 'hidden' ? hold('hidden') : release('hidden'));

    onVisibility();
    if (element.contains(document.activeElement)) hold('focus');
    // One signal removes every listener below at cleanup.
    const listening = new AbortController();
    const { signal } = listening;
    // Capture phase on the document: the modality must be known before the focus that follows.
    document.addEventListener('keydown', onKeyDown, { capture: true, signal });
    document.addEventListener('pointerdown', onPointerDown, { capture: true, signal });
    element.addEventListener('pointerenter', onPointerEnter, { signal });
    element.addEventListener('pointerleave', onPointerLeave, { signal });
    element.addEventListener('focusin', onFocusIn, { signal });
    element.addEventListener('focusout', onFocusOut, { signal });
    window.addEventListener('blur', onWindowBlur, { signal });
    window.addEventListener('focus', onWindowFocus, { signal });
    document.addEventListener('visibilitychange', onVisibility, { signal });
    return () => {
      listening.abort();
      for (const reason of [...reasons]) release(reason);
    };
    // hold/release only touch the ref and the store; the listeners need binding once per element.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [region, scope]);
}
