import type { ChatStore } from './chat-store';

/**
 * A subscribe for React that, while a reply streams, delivers the store's changes at most once
 * per animation frame: a fast server can send hundreds of deltas a frame, and the page only
 * needs to paint the latest. Outside streaming, changes arrive at once (a click must feel instant).
 */

const perStore = new WeakMap<ChatStore, (listener: () => void) => () => void>();

/** Looked up at each call, so a page (or a test) that replaces requestAnimationFrame is followed. */
const nextFrame = (run: () => void) =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(run) : setTimeout(run, 16);

export function frameSubscribe(store: ChatStore): (listener: () => void) => () => void {
  let subscribe = perStore.get(store);
  if (subscribe) return subscribe;
  const pending = new Set<() => void>();
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const listeners = [...pending];
    pending.clear();
    for (const listener of listeners) listener();
  };
  subscribe = (listener) => {
    const unsubscribe = store.subscribe(() => {
      if (store.getSnapshot().generating.size === 0) {
        pending.delete(listener);
        listener();
        return;
      }
      pending.add(listener);
      if (!scheduled) {
        scheduled = true;
        nextFrame(flush);
      }
    });
    return () => {
      pending.delete(listener);
      unsubscribe();
    };
  };
  perStore.set(store, subscribe);
  return subscribe;
}
