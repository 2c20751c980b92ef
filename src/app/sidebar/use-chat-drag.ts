import { useEffect, useEffectEvent, useState, type RefObject } from 'react';

/** How far a mouse or pen moves with the button down before a press becomes a drag. */
export const DRAG_START_PX = 6;
/** How long a finger rests on a row before it picks the chat up (a shorter touch scrolls or opens). */
export const TOUCH_HOLD_MS = 450;
/** How far a finger may wander while holding before the hold counts as a scroll instead. */
export const TOUCH_SLOP_PX = 10;

/** The attribute a drop target (a project's row) carries: its project id. */
export const DROP_ATTRIBUTE = 'data-project-drop';

export interface ChatDrag {
  chatId: string;
  x: number;
  y: number;
  /** The project under the pointer, if any. */
  over?: string;
}

/**
 * Dragging a chat's row onto a project (issue 23), by mouse, pen or finger, with pointer events
 * on the history (one listener for every row). A mouse drags after a few pixels; a finger holds
 * first, so a swipe still scrolls the list, then its moves are kept from scrolling. The click
 * that ends a drag never opens the chat. The keyboard way is the row's menu ("Move to project…").
 */
export function useChatDrag(rootRef: RefObject<HTMLElement | null>, onDrop: (chatId: string, projectId: string) => void): ChatDrag | null {
  const [drag, setDrag] = useState<ChatDrag | null>(null);
  const drop = useEffectEvent(onDrop);

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return undefined;
    const doc = root.ownerDocument;
    let press: { chatId: string; pointerId: number; x: number; y: number; touch: boolean; held: boolean } | null = null;
    let dragging: ChatDrag | null = null;
    let holdTimer: ReturnType<typeof setTimeout> | undefined;
    let swallowClick = false;

    const targetAt = (x: number, y: number) =>
      doc.elementFromPoint(x, y)?.closest<HTMLElement>(`[${DROP_ATTRIBUTE}]`)?.getAttribute(DROP_ATTRIBUTE) ?? undefined;
    const show = (next: ChatDrag | null) => {
      dragging = next;
      setDrag(next);
    };
    const reset = () => {
      clearTimeout(holdTimer);
      press = null;
      if (dragging) show(null);
    };

    const onPointerDown = (event: PointerEvent) => {
      if (event.button !== 0 || press) return;
      const row = (event.target as Element | null)?.closest<HTMLElement>('[data-chat-id]');
      // Only the title link picks a chat up: the menu button is a button.
      if (!row || !(event.target as Element).closest('.chat-entry__link')) return;
      const touch = event.pointerType === 'touch';
      press = { chatId: row.dataset.chatId!, pointerId: event.pointerId, x: event.clientX, y: event.clientY, touch, held: !touch };
      if (touch) {
        holdTimer = setTimeout(() => {
          if (!press) return;
          press.held = true;
          show({ chatId: press.chatId, x: press.x, y: press.y, over: targetAt(press.x, press.y) });
        }, TOUCH_HOLD_MS);
      }
    };
    const onPointerMove = (event: PointerEvent) => {
      if (!press || event.pointerId !== press.pointerId) return;
      const moved = Math.hypot(event.clientX - press.x, event.clientY - press.y);
      if (!dragging) {
        if (press.touch && !press.held) {
          // Moved before the hold: a scroll, not a drag.
          if (moved > TOUCH_SLOP_PX) reset();
          return;
        }
        if (moved < DRAG_START_PX) return;
      }
      show({ chatId: press.chatId, x: event.clientX, y: event.clientY, over: targetAt(event.clientX, event.clientY) });
    };
    const onPointerUp = (event: PointerEvent) => {
      if (!press || event.pointerId !== press.pointerId) return;
      const finished = dragging;
      reset();
      if (!finished) return;
      swallowClick = true;
      // A click that never comes (the pointer ended off the row) must not eat the next one.
      setTimeout(() => (swallowClick = false), 0);
      const over = targetAt(event.clientX, event.clientY);
      if (over) drop(finished.chatId, over);
    };
    const onClick = (event: MouseEvent) => {
      if (!swallowClick) return;
      swallowClick = false;
      event.preventDefault();
      event.stopPropagation();
    };
    // While a finger drags, its moves are the drag's: the list must not scroll under it.
    const onTouchMove = (event: TouchEvent) => {
      if (dragging || press?.held) event.preventDefault();
    };
    const onContextMenu = (event: Event) => {
      // A held finger opens the browser's link menu; the hold is ours.
      if (press?.touch) event.preventDefault();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && dragging) {
        event.preventDefault();
        reset();
      }
    };

    root.addEventListener('pointerdown', onPointerDown);
    doc.addEventListener('pointermove', onPointerMove);
    doc.addEventListener('pointerup', onPointerUp);
    doc.addEventListener('pointercancel', reset);
    root.addEventListener('click', onClick, true);
    root.addEventListener('touchmove', onTouchMove, { passive: false });
    root.addEventListener('contextmenu', onContextMenu);
    doc.addEventListener('keydown', onKeyDown, true);
    return () => {
      reset();
      root.removeEventListener('pointerdown', onPointerDown);
      doc.removeEventListener('pointermove', onPointerMove);
      doc.removeEventListener('pointerup', onPointerUp);
      doc.removeEventListener('pointercancel', reset);
      root.removeEventListener('click', onClick, true);
      root.removeEventListener('touchmove', onTouchMove);
      root.removeEventListener('contextmenu', onContextMenu);
      doc.removeEventListener('keydown', onKeyDown, true);
    };
  }, [rootRef]);

  return drag;
}
