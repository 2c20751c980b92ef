import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';

type ClickHandler<E> = (event: MouseEvent<E>) => unknown;

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | null)?.then === 'function';

/** Wraps a click handler; while a promise it returned is pending, `pending` is true. */
export function useAsyncClick<E>(onClick: ClickHandler<E> | undefined) {
  const [pending, setPending] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const handle = useCallback(
    (event: MouseEvent<E>) => {
      const result = onClick?.(event);
      if (!isThenable(result)) return;
      setPending(true);
      const settle = () => {
        if (mounted.current) setPending(false);
      };
      // The caller owns errors of its promise; we only stop the spinner.
      result.then(settle, settle);
    },
    [onClick],
  );
  return { pending, onClick: handle };
}
