/**
 * A snapshot of a few settings rows outside React (subscribe/getSnapshot), each field one row:
 * read once (a value set before the stored one arrived wins: it was set later), written behind
 * in order through the injected `save`, read again on `reload` (a restore stored them). What
 * model-preferences.ts and context-settings.ts are built on.
 */

export interface SettingRowsOptions {
  load(key: string): Promise<unknown>;
  save(key: string, value: unknown): Promise<void>;
}

/** Each field's row: its settings key, and how a stored value (anything) becomes the field's. */
export type RowReaders<F> = { [K in keyof F]: { key: string; read(value: unknown): F[K] } };

export interface SettingRows<F> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): F & { readonly status: 'loading' | 'ready' };
  init(): Promise<void>;
  reload(): Promise<void>;
  /** Shows `value` at once and writes it behind; it wins over a stored value still being read. */
  set<K extends keyof F>(field: K, value: F[K]): void;
  flush(): Promise<void>;
}

export function createSettingRows<F extends object>(options: SettingRowsOptions, initial: F, readers: RowReaders<F>): SettingRows<F> {
  const listeners = new Set<() => void>();
  const fields = Object.keys(readers) as (keyof F)[];
  let state: F & { status: 'loading' | 'ready' } = { ...initial, status: 'loading' };
  const touched = new Set<keyof F>();
  let initialized: Promise<void> | undefined;
  let saving: Promise<void> = Promise.resolve();

  const publish = (patch: Partial<F & { status: 'loading' | 'ready' }>) => {
    state = { ...state, ...patch };
    for (const listener of [...listeners]) listener();
  };
  /** `kept()`: the fields set meanwhile, asked once the rows are read. */
  const load = async (kept: () => ReadonlySet<keyof F>) => {
    let stored: unknown[] = [];
    try {
      stored = await Promise.all(fields.map((field) => options.load(readers[field].key)));
    } catch {
      // Unreadable settings: the defaults (the chat store reports the storage problem).
    }
    const keep = kept();
    const patch: Partial<F> = {};
    fields.forEach((field, i) => {
      if (!keep.has(field)) patch[field] = readers[field].read(stored[i]);
    });
    publish({ ...patch, status: 'ready' } as Partial<F & { status: 'loading' | 'ready' }>);
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getSnapshot: () => state,
    init: () => (initialized ??= load(() => touched)),
    reload: () => saving.then(() => load(() => new Set())),
    set(field, value) {
      touched.add(field);
      publish({ [field]: value } as unknown as Partial<F & { status: 'loading' | 'ready' }>);
      // Failures are the chat store's to report; the value stays in memory.
      saving = saving.then(() => options.save(readers[field].key, value)).catch(() => {});
    },
    flush: () => saving,
  };
}
