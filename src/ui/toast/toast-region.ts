import type { CSSProperties } from 'react';
import { t } from '../../i18n';
import { isTopPosition, TOAST_HOTKEY, TOAST_VIEWPORT_OFFSET_PX, TOAST_WIDTH_PX, type ToastPosition } from './toast-layout';

/**
 * What the toast area's element says about itself (SPEC A2), shared by the Toaster and the
 * stand-in ToastArea shows until the Toaster has loaded, so both are the same landmark, in the
 * same place: a region "Notifications (F8)", focusable by script (F8), 16 px from the edges.
 */
export function toastRegionProps(position: ToastPosition) {
  return {
    role: 'region',
    'aria-label': t('toast.region', { hotkey: TOAST_HOTKEY }),
    tabIndex: -1,
    'data-position': position,
    'data-side': isTopPosition(position) ? 'top' : 'bottom',
  } as const;
}

/** The area's numbers, written as CSS variables that toast-area.css turns into its box. */
export function toastRegionStyle(): CSSProperties {
  return { '--toast-edge': `${TOAST_VIEWPORT_OFFSET_PX}px`, '--toast-width': `${TOAST_WIDTH_PX}px` } as CSSProperties;
}

/** F8 alone (no modifier): a modified F8 belongs to the browser or the system. */
export function isToastHotkey(event: KeyboardEvent): boolean {
  const hotkey = event.key === TOAST_HOTKEY || event.code === TOAST_HOTKEY;
  return hotkey && !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey;
}
