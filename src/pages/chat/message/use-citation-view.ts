// The citation view's code (reply-citations.tsx), fetched with the first reply that needs it: until it
// has loaded (or if it cannot, offline before it was ever fetched), a reply shows as plain text.
import { useEffect, useState } from 'react';
import { withChunkStyles } from '../../../lib/chunk-styles';
import { loadOnce } from '../../../lib/load-once';

const loadView = loadOnce(withChunkStyles('reply-citations', () => import('./reply-citations')));
export type CitationView = Awaited<ReturnType<typeof loadView>>;

/** The view once loaded, while `wanted`; undefined before (and it is asked for). */
export function useCitationView(wanted: boolean): CitationView | undefined {
  const [view, setView] = useState(loadView.loaded);
  useEffect(() => {
    if (!wanted || view) return;
    let live = true;
    loadView().then(
      (loaded) => live && setView(() => loaded),
      () => {},
    );
    return () => void (live = false);
  }, [wanted, view]);
  return wanted ? (view ?? loadView.loaded()) : undefined;
}
