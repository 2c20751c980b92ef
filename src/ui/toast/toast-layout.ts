/**
 * The toast numbers from SPEC A2. They are first-screen code (the store and the empty toast
 * area use them); the math built on them is in toast-geometry.ts, which loads with the toasts.
 */

/** At most this many toasts are shown; adding one more removes the oldest at once. */
export const TOAST_LIMIT = 5;
/** How long a toast stays when it doesn't say otherwise (0 means until closed). */
export const TOAST_DURATION_MS = 5000;
/** The gap between stacked toasts. */
export const TOAST_GAP_PX = 16;
/** A swipe dismisses only when it travelled strictly more than this. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** Distance of the toast area from the screen edges. */
export const TOAST_VIEWPORT_OFFSET_PX = 16;
/** Width of the toast area (narrower screens get their full width minus both edge offsets). */
export const TOAST_WIDTH_PX = 384;
/** The key that moves focus to the toast area; also named in the area's label. */
export const TOAST_HOTKEY = 'F8';

/** Where the toast area sits; the component's default is bottom-right, the app uses top-right. */
export const TOAST_POSITIONS = ['top-left', 'top-center', 'top-right', 'bottom-left', 'bottom-center', 'bottom-right'] as const;
export type ToastPosition = (typeof TOAST_POSITIONS)[number];
export const DEFAULT_TOAST_POSITION: ToastPosition = 'bottom-right';

/** Top positions stack downward from the top edge; bottom positions mirror that. */
export function isTopPosition(position: ToastPosition): boolean {
  return position.startsWith('top-');
}
