import { BoundedCache } from './bounded-cache';
import type { LazyModule } from './lazy-module';
import { nextTask } from './next-task';

/**
 * Work that needs a lazily loaded module (highlighting, typesetting): done in a later task,
 * never inside a render, and its answer cached by key. Requests for the same key share one run;
 * `reset` drops the cache and any answer still on its way (a test replaced the loader).
 * A failure (the chunk did not load, the work threw) is answered with null: callers keep
 * showing the plain source, which is still correct.
 */
export function deferredResults<M, V>(module: LazyModule<M>, cacheEntries: number) {
  const results = new BoundedCache<string, V | null>(cacheEntries);
  const pending = new Map<string, Promise<void>>();
  /** Bumped by reset, so requests made before then are dropped, not answered. */
  let generation = 0;

  async function runLater(key: string, work: (module: M) => V | null): Promise<void> {
    let value: V | null = null;
    const requestedIn = generation;
    try {
      await nextTask();
      if (requestedIn !== generation) return;
      const loaded = module.current() ?? (await module.load());
      if (requestedIn !== generation) return;
      value = work(loaded);
    } catch {
      // See above: null keeps the source on screen.
    }
    if (requestedIn !== generation) return;
    results.set(key, value);
    pending.delete(key);
  }

  return {
    /** The answer if ready, null when the source stays plain, undefined when not done yet. */
    peek: (key: string): V | null | undefined => results.get(key),
    /** Starts the work for `key` unless it is already under way; resolves once peek has the answer. */
    request(key: string, work: (module: M) => V | null): Promise<void> {
      let request = pending.get(key);
      if (!request) {
        request = runLater(key, work);
        pending.set(key, request);
      }
      return request;
    },
    reset() {
      results.clear();
      pending.clear();
      generation += 1;
    },
  };
}
