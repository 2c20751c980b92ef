import { useEffect, useEffectEvent, useState } from 'react';
import type { LoadBlob } from './attachment-item';

/**
 * The bytes of the given attachments, loaded once each through `loadBlob` (the store) and kept
 * while the ids stay the same; an id missing from the map is still loading, or gone.
 */
export function useLoadedBlobs(ids: readonly string[], loadBlob: LoadBlob): ReadonlyMap<string, Blob> {
  const [blobs, setBlobs] = useState<ReadonlyMap<string, Blob>>(() => new Map());
  const key = ids.join('\n');
  // Not a dependency: a caller passing a new function each render must not reload every image.
  const load = useEffectEvent((id: string) => loadBlob(id));
  useEffect(() => {
    let cancelled = false;
    for (const id of key ? key.split('\n') : []) {
      load(id).then(
        (blob) => {
          if (cancelled || !blob) return;
          setBlobs((previous) => (previous.get(id) === blob ? previous : new Map(previous).set(id, blob)));
        },
        // A blob that cannot be read leaves its placeholder: the thread still shows the box and name.
        () => undefined,
      );
    }
    return () => {
      cancelled = true;
    };
  }, [key]);
  return blobs;
}
