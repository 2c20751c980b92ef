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
