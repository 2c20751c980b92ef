// One settings row kept outside React (useSyncExternalStore-ready): read once from where it is stored,
// changed at once in memory, written behind in order. Settings → Code's and Settings → Search's stores
// are each this row with their own reader and setters.

/** Where the row lives (the chat store's settings in the app; a Map in tests). */
export interface SettingsRowIo {
  load(key: string): Promise<unknown>;
  save(key: string, value: unknown): Promise<void>;
}

export interface SettingsRow<T> {
  /** Reads the stored row; safe to call any number of times. */
  init(): Promise<void>;
  getSnapshot(): T;
  subscribe(listener: () => void): () => void;
  /** Takes `next` at once and tells the listeners; resolves once it is written (a failed write leaves it in memory). */
  set(next: T): Promise<void>;
}

/** The row `key` of `io`, read by `read` (which turns anything stored into a valid value), `defaults` until then. */
export function createSettingsRow<T>(io: SettingsRowIo, key: string, read: (stored: unknown) => T, defaults: T): SettingsRow<T> {
  const listeners = new Set<() => void>();
  let state = defaults;
  let touched = false;
  let initialized: Promise<void> | undefined;
  let saving: Promise<void> = Promise.resolve();
  const tell = () => {
    for (const listener of [...listeners]) listener();
  };

  return {
    init: () =>
      (initialized ??= (async () => {
        let stored: unknown;
        try {
          stored = await io.load(key);
        } catch {
          // Unreadable settings: start from the defaults (the chat store reports the storage problem).
        }
        // A change made before the stored row arrived wins: it was made knowing less, but later.
        if (touched) return;
        state = read(stored);
        tell();
      })()),
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(next) {
      touched = true;
      state = next;
      tell();
      // Failures are the chat store's to report (storage full, unavailable); the change stays in memory.
      saving = saving.then(() => io.save(key, state)).catch(() => {});
      return saving;
    },
  };
}
