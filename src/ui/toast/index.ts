export { toast, toastStore, resetToasts, MAX_TIMER_MS, TOAST_COLORS } from './toast-store';
export type { Toast, ToastAction, ToastAvatar, ToastClock, ToastColor, ToastOptions } from './toast-store';
export { Toaster, TOAST_HOTKEY, type ToasterProps } from './toaster';
export { ToastArea, preloadToaster } from './toast-area';
export { useToasts } from './use-toasts';
export {
  DEFAULT_TOAST_POSITION,
  TOAST_DURATION_MS,
  TOAST_GAP_PX,
  TOAST_LIMIT,
  TOAST_POSITIONS,
  TOAST_SWIPE_THRESHOLD_PX,
  TOAST_VIEWPORT_OFFSET_PX,
  TOAST_WIDTH_PX,
  isTopPosition,
  type ToastPosition,
} from './toast-layout';
export {
  shouldDismiss,
  stackHeight,
  stackOffsets,
  swipeDelta,
  swipeDirectionFor,
  swipeDistance,
  type SwipeDelta,
  type SwipeDirection,
} from './toast-geometry';
export { announcementText, ANNOUNCE_BACKLOG_DELAY_MS } from './toast-announcer';
export { toasterPosition } from './position-override';
