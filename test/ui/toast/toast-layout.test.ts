import { describe, expect, it } from 'vitest';
import {
  TOAST_DURATION_MS,
  TOAST_GAP_PX,
  TOAST_LIMIT,
  TOAST_SWIPE_THRESHOLD_PX,
  TOAST_VIEWPORT_OFFSET_PX,
  TOAST_WIDTH_PX,
  isTopPosition,
  shouldDismiss,
  stackHeight,
  stackOffsets,
  swipeDelta,
  swipeDirectionFor,
  swipeDistance,
  type SwipeDirection,
  type ToastPosition,
} from '../../../src/ui/toast';

describe('SPEC A2 numbers', () => {
  it.each([
    ['TOAST_LIMIT', TOAST_LIMIT, 5],
    ['TOAST_DURATION_MS', TOAST_DURATION_MS, 5000],
    ['TOAST_GAP_PX', TOAST_GAP_PX, 16],
    ['TOAST_SWIPE_THRESHOLD_PX', TOAST_SWIPE_THRESHOLD_PX, 50],
    ['TOAST_VIEWPORT_OFFSET_PX', TOAST_VIEWPORT_OFFSET_PX, 16],
    ['TOAST_WIDTH_PX', TOAST_WIDTH_PX, 384],
  ])('%s is %d', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('stackOffsets', () => {
  it.each([
    { heights: [], offsets: [] },
    { heights: [50], offsets: [0] },
    { heights: [50, 60, 70], offsets: [0, 66, 142] },
    { heights: [80, 80, 80, 80, 80], offsets: [0, 96, 192, 288, 384] },
    { heights: [0, 40], offsets: [0, 16] },
  ])('heights $heights (newest first) → offsets $offsets', ({ heights, offsets }) => {
    expect(stackOffsets(heights)).toEqual(offsets);
  });

  it.each([
    { heights: [], height: 0 },
    { heights: [50], height: 50 },
    { heights: [50, 60, 70], height: 212 },
  ])('stack of $heights is $height px tall', ({ heights, height }) => {
    expect(stackHeight(heights)).toBe(height);
  });
});

describe('swipe direction by position', () => {
  it.each<[ToastPosition, SwipeDirection, boolean]>([
    ['top-left', 'left', true],
    ['top-center', 'up', true],
    ['top-right', 'right', true],
    ['bottom-left', 'left', false],
    ['bottom-center', 'down', false],
    ['bottom-right', 'right', false],
  ])('%s swipes %s (top: %s)', (position, direction, top) => {
    expect(swipeDirectionFor(position)).toBe(direction);
    expect(isTopPosition(position)).toBe(top);
  });
});

describe('swipeDelta', () => {
  it.each<[SwipeDirection, number, number, { x: number; y: number }]>([
    ['right', 60, 0, { x: 60, y: 0 }],
    ['right', -60, 0, { x: 0, y: 0 }],
    ['right', 30, 25, { x: 30, y: 0 }],
    ['left', -60, 0, { x: -60, y: 0 }],
    ['left', 60, 0, { x: 0, y: 0 }],
    ['left', -10, -40, { x: -10, y: 0 }],
    ['up', 0, -60, { x: 0, y: -60 }],
    ['up', 0, 60, { x: 0, y: 0 }],
    ['up', 40, -5, { x: 0, y: -5 }],
    ['down', 0, 60, { x: 0, y: 60 }],
    ['down', 0, -60, { x: 0, y: 0 }],
    ['down', -40, 5, { x: 0, y: 5 }],
    ['left', -0, 0, { x: 0, y: 0 }],
  ])('%s with dx=%d dy=%d shows %o', (direction, dx, dy, expected) => {
    const delta = swipeDelta(direction, dx, dy);
    expect(delta).toEqual(expected);
    // No -0 leaks into the CSS variables.
    expect(Object.is(delta.x, -0) || Object.is(delta.y, -0)).toBe(false);
  });

  it.each([
    [{ x: 60, y: 0 }, 60],
    [{ x: -51, y: 0 }, 51],
    [{ x: 0, y: -50 }, 50],
    [{ x: 0, y: 0 }, 0],
  ])('distance of %o is %d', (delta, distance) => {
    expect(swipeDistance(delta)).toBe(distance);
  });
});

describe('shouldDismiss', () => {
  it.each([
    [0, false],
    [40, false],
    [49.9, false],
    [50, false],
    [50.5, true],
    [51, true],
    [300, true],
  ])('distance %d → %s', (distance, dismiss) => {
    expect(shouldDismiss(distance)).toBe(dismiss);
  });
});
