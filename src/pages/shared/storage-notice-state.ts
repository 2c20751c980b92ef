import type { ChatStoreEvent } from '../../chat';

// Whether storage refused a write, for the notice the pages show above their message box. Kept
// outside React (the app's event bridge sets it, any page reads it) and tiny: it is on the first
// screen, the notice's code and strings load only when there is something to say.

export type StorageNoticeState =
  | { readonly kind: 'full'; readonly usage?: { readonly used: number; readonly quota: number } }
  | { readonly kind: 'saved' }
  | null;

let state: StorageNoticeState = null;
const listeners = new Set<() => void>();

export const storageNotice = {
  get: (): StorageNoticeState => state,
  set(next: StorageNoticeState): void {
    state = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Takes the store's storage-full and all-clear events into the notice; false for any other event. */
export function noticeStorageEvent(event: ChatStoreEvent): boolean {
  if (event.kind === 'storage-full') storageNotice.set({ kind: 'full', ...(event.usage && { usage: event.usage }) });
  else if (event.kind === 'storage-saved') storageNotice.set({ kind: 'saved' });
  else return false;
  return true;
}
