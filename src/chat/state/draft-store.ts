import type { ChatPersistence } from '../persistence';
import type { StorageOperation } from './store-events';

/**
 * Composer drafts per chat ('home' for the home page). Typing updates memory at once and is
 * written after a pause; leaving the page writes at once, so a draft survives a reload.
 */

/** Pause in typing before a draft is written: one write per burst rather than per key press. */
export const DRAFT_SAVE_DELAY_MS = 300;

export type Persist = <T>(operation: StorageOperation, write: (persistence: ChatPersistence) => Promise<T>) => Promise<T | undefined>;

export interface DraftStore {
  /** The draft in memory; undefined until loaded (or typed). */
  peek(key: string): string | undefined;
  load(key: string): Promise<string>;
  set(key: string, text: string): void;
  subscribe(key: string, listener: () => void): () => void;
  /** Writes every pending draft now. */
  flush(): Promise<void>;
  dispose(): void;
}

export interface DraftStoreOptions {
  persist: Persist;
  now(): number;
  /** Where 'pagehide' fires (window); null in tests and workers. */
  win?: EventTarget | null;
  /** Where 'visibilitychange' fires (document); mobile browsers may kill a hidden page without pagehide. */
  doc?: (EventTarget & { visibilityState?: string }) | null;
}

export function createDraftStore({ persist, now, win, doc }: DraftStoreOptions): DraftStore {
  const texts = new Map<string, string>();
  const pending = new Map<string, string>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const loads = new Map<string, Promise<string>>();
  const listeners = new Map<string, Set<() => void>>();

  const notify = (key: string) => {
    for (const listener of [...(listeners.get(key) ?? [])]) listener();
  };

  const write = (key: string): Promise<void> => {
    clearTimeout(timers.get(key));
    timers.delete(key);
    if (!pending.has(key)) return Promise.resolve();
    const text = pending.get(key)!;
    pending.delete(key);
    return persist('save-draft', (p) => (text.trim() === '' ? p.deleteDraft(key) : p.putDraft({ key, text, updatedAt: now() }))).then(
      () => {},
    );
  };

  const flush = async () => {
    await Promise.all([...pending.keys()].map(write));
  };
  const onPageHide = () => void flush();
  const onVisibility = () => {
    if (doc?.visibilityState === 'hidden') void flush();
  };
  win?.addEventListener('pagehide', onPageHide);
  doc?.addEventListener('visibilitychange', onVisibility);

  return {
    peek: (key) => texts.get(key),
    load(key) {
      const known = texts.get(key);
      if (known !== undefined) return Promise.resolve(known);
      let loading = loads.get(key);
      if (!loading) {
        loading = persist('load', (p) => p.getDraft(key)).then((draft) => {
          loads.delete(key);
          // Text typed while the stored draft was loading wins over it.
          if (!texts.has(key)) {
            texts.set(key, draft?.text ?? '');
            notify(key);
          }
          return texts.get(key)!;
        });
        loads.set(key, loading);
      }
      return loading;
    },
    set(key, text) {
      if (texts.get(key) === text) return;
      texts.set(key, text);
      notify(key);
      pending.set(key, text);
      clearTimeout(timers.get(key));
      // A cleared draft (the message was sent) goes at once, so a reload can't bring it back.
      if (text.trim() === '') void write(key);
      else timers.set(key, setTimeout(() => void write(key), DRAFT_SAVE_DELAY_MS));
    },
    subscribe(key, listener) {
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(listener);
      return () => void set.delete(listener);
    },
    flush,
    dispose() {
      win?.removeEventListener('pagehide', onPageHide);
      doc?.removeEventListener('visibilitychange', onVisibility);
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
