import { useSyncExternalStore } from 'react';
import { toastStore, type Toast } from './toast-store';

/** The shown toasts, newest first; re-renders only when the store emits a new snapshot. */
export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
}
