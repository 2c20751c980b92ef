import { useCallback, type Ref, type RefCallback } from 'react';

type Cleanup = () => void;

/** Attaches `node` to a ref; returns how to detach it (a callback ref's own cleanup if it gave one). */
function attach<T>(ref: Ref<T> | undefined, node: T): Cleanup | undefined {
  if (typeof ref === 'function') {
    const cleanup = ref(node);
    return typeof cleanup === 'function' ? cleanup : () => ref(null);
  }
  if (ref) {
    ref.current = node;
    return () => {
      ref.current = null;
    };
  }
  return undefined;
}

/** One callback ref feeding several refs, with React 19 cleanup semantics. */
export function composeRefs<T>(...refs: (Ref<T> | undefined)[]): RefCallback<T> {
  return (node) => {
    const cleanups = refs.map((ref) => attach(ref, node));
    return () => {
      for (const cleanup of cleanups) cleanup?.();
    };
  };
}

/** composeRefs with a stable identity, so React doesn't detach and re-attach on every render. */
export function useComposedRefs<T>(...refs: (Ref<T> | undefined)[]): RefCallback<T> {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the refs themselves are the dependencies
  return useCallback(composeRefs(...refs), refs);
}
