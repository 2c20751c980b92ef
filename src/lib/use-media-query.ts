// A media query as React state.
import { useCallback, useSyncExternalStore } from 'react';

/** Whether a media query matches, kept current as the window changes (every browser Parley supports has matchMedia). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const read = () => matchMedia(query).matches;
  return useSyncExternalStore(subscribe, read, () => false);
}
