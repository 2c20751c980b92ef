import { useEffect, useSyncExternalStore } from 'react';
import { hasFullEntities, loadFullEntities, needsFullEntities, subscribeFullEntities } from './entities';

/**
 * Whether HTML5's full table of named references is loaded, for a block whose `source` may need
 * it: the first such block starts the load, and each re-renders once it has arrived.
 */
export function useFullEntities(source: string): boolean {
  const loaded = useSyncExternalStore(subscribeFullEntities, hasFullEntities, hasFullEntities);
  const needed = !loaded && needsFullEntities(source);
  useEffect(() => {
    if (needed) void loadFullEntities();
  }, [needed]);
  return loaded;
}
