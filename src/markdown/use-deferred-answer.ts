import { useEffect, useEffectEvent, useReducer } from 'react';

/**
 * For a component showing deferred work (deferred-results.ts): while `request` is given, starts
 * (or joins) the work once per `inputs`, and renders again when it is done, so the next render's
 * peek has the answer. A component that unmounts or moves on first is not rendered again.
 */
export function useDeferredAnswer(request: (() => Promise<void>) | null, inputs: readonly unknown[]): void {
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const start = useEffectEvent(() => request?.());
  const waiting = request !== null;
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    void start()?.then(() => {
      if (live) rerender();
    });
    return () => {
      live = false;
    };
    // `inputs` are the work's own inputs: spread, so a new answer is asked for when one changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting, ...inputs]);
}
