/** React.lazy for a part of a screen (a menu, a section, a notice) whose failed load is a note, never a crash. */
import { lazy, useEffect, useReducer, type ComponentProps, type ComponentType } from 'react';

/** Shown where the part would be while its code cannot be fetched (offline, issue 33); nothing by default. */
export type PartFallback = ComponentType<object>;

const Nothing: PartFallback = () => null;
/** Tries, a little apart, while the browser says it is online. */
const RETRIES = 3;
const RETRY_MS = 2000;

/**
 * A part whose code is fetched on first render, like React.lazy, but a fetch that fails renders
 * `Failed` in its place instead of throwing to the screen's error boundary (a screen crash for a
 * menu the network could not bring). The part tries again by itself when the browser is back
 * online (the `online` event), re-rendering every place it is shown; no reload.
 */
// Any props: the part's own type comes from its module.
export function lazyPart<C extends ComponentType<any>>(load: () => Promise<{ default: C }>, Failed: PartFallback = Nothing): C {
  type P = ComponentProps<C>;
  const shown = new Set<() => void>();
  let Part: ComponentType<P>;
  let soon = 0;
  const retry = () => (attempt(), shown.forEach((rerender) => rerender()));
  const attempt = () => {
    Part = lazy<ComponentType<P>>(() =>
      load().catch((): { default: ComponentType<P> } => {
        // React.lazy keeps its answer for good: the next try is a fresh lazy. Offline, it is made when
        // the network returns; online (the network came back a moment before the fetch, a flaky
        // link), a few more tries shortly, then again at the next return of the network.
        if (navigator.onLine && soon++ < RETRIES) setTimeout(retry, RETRY_MS);
        else addEventListener('online', retry, { once: true });
        return { default: Failed as ComponentType<P> };
      }),
    );
  };
  attempt();
  function LazyPart(props: P) {
    const [, rerender] = useReducer((count: number) => count + 1, 0);
    useEffect(() => (shown.add(rerender), () => void shown.delete(rerender)), []);
    return <Part {...props} />;
  }
  return LazyPart as C;
}
