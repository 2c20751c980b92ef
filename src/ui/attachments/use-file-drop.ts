import { useEffect, useEffectEvent, useState } from 'react';

export interface FileDropOptions {
  onFiles: (files: File[]) => void;
  /** Off while the page cannot take files (no composer, a dialog open…). */
  enabled?: boolean;
  /** Where to listen; default: the page's document. */
  target?: Document | null;
}

/**
 * Files dragged anywhere over the page: `active` while they hover (show FileDropOverlay), and
 * `onFiles` on drop. Only drags carrying files count: selecting and dragging text in a message
 * is left alone. Listens on the document so the window-level guard (useNoNavigateOnDrop) sees
 * the drop already claimed.
 */
export function useFileDrop({ onFiles, enabled = true, target = typeof document === 'undefined' ? null : document }: FileDropOptions) {
  const [active, setActive] = useState(false);
  const deliver = useEffectEvent((files: File[]) => onFiles(files));

  useEffect(() => {
    if (!enabled || !target) return;
    let live = true;
    let stop = () => {};
    // The listeners' code loads now, not with the first screen (nothing is dragged in before it shows).
    void import('./file-drop-listener').then(({ listenForFileDrops }) => {
      if (live) stop = listenForFileDrops(target, { onActive: setActive, onFiles: (files) => deliver(files) });
    });
    return () => {
      live = false;
      stop();
      setActive(false);
    };
  }, [enabled, target]);

  return { active };
}
