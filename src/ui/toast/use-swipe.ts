import { useRef, type PointerEvent as ReactPointerEvent } from 'react';
import { shouldDismiss, swipeDelta, swipeDistance, type SwipeDelta, type SwipeDirection } from './toast-geometry';

/** A finger wobbles while tapping: below this a touch is still a tap, not a drag. */
export const TOUCH_SLOP_PX = 10;
/** A mouse barely moves during a click; past this a press has become a drag. */
export const MOUSE_SLOP_PX = 2;

/** The gesture's phase, written to `data-swipe` (absent before the first drag). */
export type SwipeState = 'move' | 'cancel' | 'end';

interface Gesture {
  pointerId: number;
  startX: number;
  startY: number;
  slop: number;
  moving: boolean;
  delta: SwipeDelta;
}

export interface UseSwipeOptions {
  direction: SwipeDirection;
  /** Called once when a swipe ends past the threshold. */
  onDismiss: () => void;
}

export interface SwipeHandlers<T extends HTMLElement> {
  onPointerDown: (event: ReactPointerEvent<T>) => void;
  onPointerMove: (event: ReactPointerEvent<T>) => void;
  onPointerUp: (event: ReactPointerEvent<T>) => void;
  onPointerCancel: (event: ReactPointerEvent<T>) => void;
}

/** Numbers go to CSS variables; the stylesheet turns them into a transform. */
function writeDelta(element: HTMLElement, delta: SwipeDelta) {
  element.style.setProperty('--swipe-x', `${delta.x}px`);
  element.style.setProperty('--swipe-y', `${delta.y}px`);
}

/**
 * Swallows the click the browser sends right after a drag ends, so a swipe that starts or
 * ends on a button never presses it. The listener runs in the capture phase on the toast,
 * before the click reaches the button (or React's root listener); a click that never comes
 * (pointer released outside) must not eat a later one, hence the timeout.
 */
function suppressNextClick(element: HTMLElement) {
  const swallow = (event: MouseEvent) => {
    event.stopPropagation();
    event.preventDefault();
    stop();
  };
  const stop = () => {
    element.removeEventListener('click', swallow, true);
    clearTimeout(timer);
  };
  element.addEventListener('click', swallow, true);
  const timer = setTimeout(stop, 0);
}

/**
 * Swipe to dismiss with pointer events (SPEC A2): only movement toward `direction` shows,
 * the other way is held at 0; past 50 px (strictly) the toast is dismissed, otherwise it snaps back.
 * The element's state is written imperatively (`data-swipe`, `--swipe-x/y`) so a drag doesn't re-render.
 */
export function useSwipe<T extends HTMLElement>({ direction, onDismiss }: UseSwipeOptions): SwipeHandlers<T> {
  const gesture = useRef<Gesture | null>(null);

  const finish = (event: ReactPointerEvent<T>, cancelled: boolean) => {
    const current = gesture.current;
    if (!current || current.pointerId !== event.pointerId) return;
    gesture.current = null;
    if (!current.moving) return;
    const element = event.currentTarget;
    if (element.hasPointerCapture?.(event.pointerId)) element.releasePointerCapture(event.pointerId);
    if (!cancelled) suppressNextClick(element);
    if (!cancelled && shouldDismiss(swipeDistance(current.delta))) {
      element.dataset.swipe = 'end' satisfies SwipeState;
      onDismiss();
      return;
    }
    element.dataset.swipe = 'cancel' satisfies SwipeState;
    writeDelta(element, { x: 0, y: 0 });
  };

  return {
    onPointerDown(event) {
      // Only the primary button (or a touch/pen contact) drags; right-click opens menus.
      if (event.button !== 0) return;
      gesture.current = {
        pointerId: event.pointerId,
        startX: event.clientX,
        startY: event.clientY,
        slop: event.pointerType === 'touch' ? TOUCH_SLOP_PX : MOUSE_SLOP_PX,
        moving: false,
        delta: { x: 0, y: 0 },
      };
    },
    onPointerMove(event) {
      const current = gesture.current;
      if (!current || current.pointerId !== event.pointerId) return;
      const dx = event.clientX - current.startX;
      const dy = event.clientY - current.startY;
      const element = event.currentTarget;
      if (!current.moving) {
        if (Math.hypot(dx, dy) <= current.slop) return;
        current.moving = true;
        // Captured only once dragging: capturing on press would retarget a plain click away from its button.
        try {
          element.setPointerCapture(event.pointerId);
        } catch {
          // The pointer is already gone (or the environment has no capture); the drag still works while over the toast.
        }
        element.dataset.swipe = 'move' satisfies SwipeState;
      }
      current.delta = swipeDelta(direction, dx, dy);
      writeDelta(element, current.delta);
    },
    onPointerUp: (event) => finish(event, false),
    onPointerCancel: (event) => finish(event, true),
  };
}
