// The image viewer's pointer gestures on its stage: pinch and wheel to zoom, drag to pan a
// zoomed picture, double tap (or double click) to zoom in or back out, swipe to the next picture.
import { useEffect, useRef, type RefObject } from 'react';
import { DOUBLE_TAP_ZOOM, FITTED, MIN_ZOOM, panBy, zoomAt, type ViewerBox, type ZoomState } from './viewer-zoom';

/** Two taps within this long make a double tap (the usual double-click interval). */
export const DOUBLE_TAP_MS = 300;
/** …and this close to each other: a finger never lands twice on the same pixel. */
export const DOUBLE_TAP_SLOP_PX = 30;
/** A press that moved less than this is a tap, not a drag. */
export const TAP_SLOP_PX = 10;
/** A swipe to the next picture: at least this far across, and more across than down. */
export const SWIPE_MIN_PX = 50;
/** How much one pixel of wheel travel zooms (a notch of about 100 px: ×1.22). */
export const WHEEL_ZOOM_PER_PX = 0.002;

interface Point {
  readonly x: number;
  readonly y: number;
}

export interface ViewerGestureOptions {
  stageRef: RefObject<HTMLElement | null>;
  imageRef: RefObject<HTMLElement | null>;
  zoom: ZoomState;
  setZoom(next: ZoomState): void;
  /** A swipe asks for the next (1) or previous (-1) picture. */
  onSwipe(by: 1 | -1): void;
  /** Which picture is shown: the listeners follow its stage. */
  imageKey: string | undefined;
}

/** The fitted picture's size (its layout box: the transform does not change it) and the stage's. */
export function viewerBox(stage: HTMLElement, image: HTMLElement | null): ViewerBox {
  return {
    imageWidth: image?.offsetWidth ?? 0,
    imageHeight: image?.offsetHeight ?? 0,
    stageWidth: stage.clientWidth,
    stageHeight: stage.clientHeight,
  };
}

/** A point in the page, from the stage's centre (where zoom and pan are measured from). */
function fromCentre(stage: HTMLElement, point: Point): Point {
  const rect = stage.getBoundingClientRect();
  return { x: point.x - (rect.left + rect.width / 2), y: point.y - (rect.top + rect.height / 2) };
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const midpoint = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

export function useViewerGestures({ stageRef, imageRef, zoom, setZoom, onSwipe, imageKey }: ViewerGestureOptions): void {
  // The listeners stay attached across renders: they read the latest values from here.
  const latest = useRef({ zoom, setZoom, onSwipe });
  latest.current = { zoom, setZoom, onSwipe };

  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const pointers = new Map<number, Point>();
    let press: (Point & { moved: boolean }) | undefined;
    let lastTap: (Point & { at: number }) | undefined;
    const box = () => viewerBox(stage, imageRef.current);
    const apply = (next: ZoomState) => {
      latest.current.zoom = next;
      latest.current.setZoom(next);
    };

    const onDown = (event: PointerEvent) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      stage.setPointerCapture?.(event.pointerId);
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      // A second finger starts a pinch: the first one's press is no tap or swipe any more.
      press = pointers.size === 1 ? { x: event.clientX, y: event.clientY, moved: false } : undefined;
    };

    const onMove = (event: PointerEvent) => {
      const before = pointers.get(event.pointerId);
      if (!before) return;
      const now = { x: event.clientX, y: event.clientY };
      if (press && distance(press, now) > TAP_SLOP_PX) press.moved = true;
      const others = [...pointers].filter(([id]) => id !== event.pointerId).map(([, point]) => point);
      pointers.set(event.pointerId, now);
      const { zoom: current } = latest.current;
      if (others.length === 1) {
        // Pinch: the scale follows the fingers' spread, the picture follows their midpoint.
        const other = others[0]!;
        const spreadBefore = distance(before, other);
        if (spreadBefore === 0) return;
        const midBefore = midpoint(before, other);
        const midNow = midpoint(now, other);
        const centre = fromCentre(stage, midNow);
        const zoomed = zoomAt(current, (current.scale * distance(now, other)) / spreadBefore, centre.x, centre.y, box());
        apply(panBy(zoomed, midNow.x - midBefore.x, midNow.y - midBefore.y, box()));
      } else if (others.length === 0 && current.scale > MIN_ZOOM) {
        apply(panBy(current, now.x - before.x, now.y - before.y, box()));
      }
    };

    const onUp = (event: PointerEvent) => {
      if (!pointers.delete(event.pointerId) || !press) return;
      const start = press;
      press = undefined;
      const end = { x: event.clientX, y: event.clientY };
      const { zoom: current } = latest.current;
      if (!start.moved) {
        const double = lastTap && event.timeStamp - lastTap.at < DOUBLE_TAP_MS && distance(lastTap, end) < DOUBLE_TAP_SLOP_PX;
        lastTap = double ? undefined : { ...end, at: event.timeStamp };
        if (!double) return;
        const centre = fromCentre(stage, end);
        apply(current.scale > MIN_ZOOM ? FITTED : zoomAt(current, DOUBLE_TAP_ZOOM, centre.x, centre.y, box()));
        return;
      }
      const dx = end.x - start.x;
      if (current.scale === MIN_ZOOM && Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(end.y - start.y)) {
        // The picture follows the finger: a swipe to the left brings the next one in.
        latest.current.onSwipe(dx < 0 ? 1 : -1);
      }
    };

    const onCancel = (event: PointerEvent) => {
      pointers.delete(event.pointerId);
      press = undefined;
    };

    const onWheel = (event: WheelEvent) => {
      // The wheel zooms here, it does not scroll what is behind the viewer.
      event.preventDefault();
      const { zoom: current } = latest.current;
      const centre = fromCentre(stage, { x: event.clientX, y: event.clientY });
      apply(zoomAt(current, current.scale * Math.exp(-event.deltaY * WHEEL_ZOOM_PER_PX), centre.x, centre.y, box()));
    };

    stage.addEventListener('pointerdown', onDown);
    stage.addEventListener('pointermove', onMove);
    stage.addEventListener('pointerup', onUp);
    stage.addEventListener('pointercancel', onCancel);
    // Not passive: preventDefault must keep the page from scrolling.
    stage.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      stage.removeEventListener('pointerdown', onDown);
      stage.removeEventListener('pointermove', onMove);
      stage.removeEventListener('pointerup', onUp);
      stage.removeEventListener('pointercancel', onCancel);
      stage.removeEventListener('wheel', onWheel);
    };
  }, [stageRef, imageRef, imageKey]);
}
