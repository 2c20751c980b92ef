import { useEffect, useState } from 'react';

/**
 * A blob: URL for a Blob while the component shows it: created when the Blob arrives or changes,
 * revoked when it changes again or the component goes, so a thread of pictures holds no bytes
 * it no longer shows. Undefined until there is a Blob, and undefined in the render where the
 * Blob has just changed: the URL of the Blob before must not be shown under the new one's name
 * (it is being revoked, and a viewer stepping to the next picture would show the last one).
 */
export function useObjectUrl(blob: Blob | undefined | null): string | undefined {
  const [made, setMade] = useState<{ blob: Blob; url: string } | undefined>(undefined);
  useEffect(() => {
    if (!blob) {
      setMade(undefined);
      return;
    }
    const url = URL.createObjectURL(blob);
    setMade({ blob, url });
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return made && made.blob === blob ? made.url : undefined;
}
