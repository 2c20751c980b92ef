import { useSyncExternalStore } from 'react';
import type { ToastPosition } from './toast-layout';

/**
 * A session-wide override of every Toaster's position (the gallery's position control);
 * `null` means each Toaster uses its own `position` prop.
 */
let override: ToastPosition | null = null;
const listeners = new Set<() => void>();

export const toasterPosition = {
  set(next: ToastPosition | null) {
    override = next;
    for (const listener of [...listeners]) listener();
  },
  get: () => override,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

export function usePositionOverride(): ToastPosition | null {
  return useSyncExternalStore(toasterPosition.subscribe, toasterPosition.get, toasterPosition.get);
}
