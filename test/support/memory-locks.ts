import type { LockManagerLike } from '../../src/chat';

/**
 * An in-process Web Locks manager (exclusive locks only): what navigator.locks does for tabs
 * of one origin, shared here by stores that stand for tabs.
 */
export function createMemoryLocks(): LockManagerLike {
  const locks = new Map<string, { held: boolean; waiting: number; tail: Promise<void> }>();
  const entry = (name: string) => {
    let found = locks.get(name);
    if (!found) locks.set(name, (found = { held: false, waiting: 0, tail: Promise.resolve() }));
    return found;
  };
  return {
    request(name, callback) {
      const lock = entry(name);
      lock.waiting++;
      const granted = lock.tail.then(async () => {
        lock.waiting--;
        lock.held = true;
        try {
          return await callback();
        } finally {
          lock.held = false;
        }
      });
      lock.tail = granted.then(
        () => {},
        () => {},
      );
      return granted;
    },
    async query() {
      const all = [...locks];
      return {
        held: all.filter(([, lock]) => lock.held).map(([name]) => ({ name })),
        pending: all.flatMap(([name, lock]) => Array.from({ length: lock.waiting }, () => ({ name }))),
      };
    },
  };
}
