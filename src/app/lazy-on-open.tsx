import { useEffect, useState, type ComponentType } from 'react';
import { withChunkStyles } from '../lib/chunk-styles';
import { loadOnce } from '../lib/load-once';

/** What a dialog or palette loaded on first use receives: whether it is open, and how to close it. */
export interface OpenableProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * A dialog whose code and stylesheet are fetched the first time it opens, not with the first
 * screen (issue 12: the first screen carries only what it shows). Until then it renders
 * nothing; once loaded it stays mounted, so closing it keeps its own focus return. `chunk` is
 * the loaded module's file name, which names its stylesheet (build-styles.mjs).
 * A load that fails (a redeploy removed the file, the network dropped) closes the request, and
 * the next open tries again.
 */
export type LazyOnOpen<P> = ComponentType<P> & {
  /** Fetches the code now (tests; a later idle warm-up); an open after it renders at once. */
  preload(): Promise<void>;
};

export function lazyOnOpen<P extends OpenableProps>(chunk: string, load: () => Promise<ComponentType<P>>): LazyOnOpen<P> {
  const fetchOnce = loadOnce(withChunkStyles(chunk, load));

  function LazyOnOpen(props: P) {
    const loaded = fetchOnce.loaded();
    const [Component, setComponent] = useState<ComponentType<P> | undefined>(() => loaded);
    const { open, onOpenChange } = props;
    useEffect(() => {
      if (!open || Component) return;
      if (loaded) return setComponent(() => loaded);
      let live = true;
      fetchOnce().then(
        (component) => {
          if (live) setComponent(() => component);
        },
        () => {
          if (live) onOpenChange(false);
        },
      );
      return () => {
        live = false;
      };
    }, [open, Component, onOpenChange]);
    const Shown = Component ?? (open ? loaded : undefined);
    return Shown ? <Shown {...props} /> : null;
  }
  LazyOnOpen.displayName = `LazyOnOpen(${chunk})`;
  LazyOnOpen.preload = () => fetchOnce().then(() => {});
  return LazyOnOpen;
}
