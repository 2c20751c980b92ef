import { useEffect, useState } from 'react';

/**
 * A blob: URL for a Blob while the component shows it: created when the Blob arrives or changes,
 * revoked when it changes again or the component goes, so a thread of pictures holds no bytes
 * it no longer shows. Undefined until there is a Blob.
 */
export function useObjectUrl(blob: Blob | undefined | null): string | undefined {
  const [url, setUrl] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!blob) {
      setUrl(undefined);
      return;
    }
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob]);
  return url;
}
