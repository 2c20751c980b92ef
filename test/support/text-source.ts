// A text held outside React for tests of the message box and what reads it (src/lib/text-source.ts).
import type { TextSource } from '../../src/lib/text-source';

/** An in-memory text: `set` notifies at once, as the chat store's drafts do. */
export function createTextSource(initial: string | undefined = ''): TextSource {
  let text = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => text,
    set(next) {
      if (next === text) return;
      text = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
