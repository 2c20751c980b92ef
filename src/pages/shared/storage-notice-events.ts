import type { ChatStoreEvent } from '../../chat';
import { storageNotice } from './storage-notice-state';

// Loaded with the first store event (the app's event bridge imports it then), not with the first screen.

/** Takes the store's storage-full and all-clear events into the notice; false for any other event. */
export function noticeStorageEvent(event: ChatStoreEvent): boolean {
  if (event.kind === 'storage-full') storageNotice.set({ kind: 'full', ...(event.usage && { usage: event.usage }) });
  else if (event.kind === 'storage-saved') storageNotice.set({ kind: 'saved' });
  else return false;
  return true;
}
