import { TOAST_GAP_PX, TOAST_SWIPE_THRESHOLD_PX, isTopPosition, type ToastPosition } from './toast-layout';

/**
 * The pure math built on the toast numbers (SPEC A2): stacking offsets and the swipe gesture's
 * direction, clamping and threshold. No DOM, no React; table-tested.
 */

export type SwipeDirection = 'right' | 'left' | 'up' | 'down';

/** A swipe's movement in px after clamping: only the component toward the swipe direction survives. */
export interface SwipeDelta {
  readonly x: number;
  readonly y: number;
}

/** Toasts leave toward the nearest screen edge: sideways for the corners, vertically when centred. */
export function swipeDirectionFor(position: ToastPosition): SwipeDirection {
  if (position.endsWith('-right')) return 'right';
  if (position.endsWith('-left')) return 'left';
  return isTopPosition(position) ? 'up' : 'down';
}

/**
 * Distance of each toast from the area's edge, newest first: the newest sits at the edge and
 * each older one is pushed away by the heights of the newer ones plus one gap each.
 */
export function stackOffsets(heightsNewestFirst: readonly number[], gap: number = TOAST_GAP_PX): number[] {
  const offsets: number[] = [];
  let next = 0;
  for (const height of heightsNewestFirst) {
    offsets.push(next);
    next += height + gap;
  }
  return offsets;
}

/** Height of the whole stack: every toast plus the gaps between them (0 when empty). */
export function stackHeight(heightsNewestFirst: readonly number[], gap: number = TOAST_GAP_PX): number {
  if (heightsNewestFirst.length === 0) return 0;
  return heightsNewestFirst.reduce((sum, height) => sum + height, 0) + gap * (heightsNewestFirst.length - 1);
}

/** `|| 0` turns -0 into 0, so a held-back axis reads as a plain zero in CSS and in tests. */
const clean = (value: number) => value || 0;

/**
 * The pointer's movement (dx, dy) reduced to what the swipe may show: the axis across the
 * direction is ignored and movement the other way is held at 0.
 */
export function swipeDelta(direction: SwipeDirection, dx: number, dy: number): SwipeDelta {
  switch (direction) {
    case 'right':
      return { x: clean(Math.max(0, dx)), y: 0 };
    case 'left':
      return { x: clean(Math.min(0, dx)), y: 0 };
    case 'down':
      return { x: 0, y: clean(Math.max(0, dy)) };
    case 'up':
      return { x: 0, y: clean(Math.min(0, dy)) };
  }
}

/** How far a clamped swipe travelled toward its direction. */
export function swipeDistance(delta: SwipeDelta): number {
  return Math.abs(delta.x) + Math.abs(delta.y);
}

/** Dismiss only past the threshold, strictly: exactly 50 px snaps back. */
export function shouldDismiss(distance: number): boolean {
  return distance > TOAST_SWIPE_THRESHOLD_PX;
}
