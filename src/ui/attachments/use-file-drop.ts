import { useEffect, useEffectEvent, useState } from 'react';
import { carriesFiles } from './drag-files';

const outsideViewport = (event: DragEvent) => {
  const view = (event.target as Node | null)?.ownerDocument?.defaultView ?? window;
  return event.clientX <= 0 || event.clientY <= 0 || event.clientX >= view.innerWidth || event.clientY >= view.innerHeight;
};

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
    // dragenter and dragleave fire for every element crossed; counting them tells when the drag
    // has really left the page.
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth++;
      setActive(true);
    };
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      // Some browsers miss a matching leave on the way out of the window: a leave outside the
      // viewport ends the drag over the page whatever the count says.
      if (depth === 0 || outsideViewport(event)) {
        depth = 0;
        setActive(false);
      }
    };
    const over = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      // Accepting the dragover is what makes the page a drop target.
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
      // Also here: dragover repeats while the files hover, so a miscounted leave cannot hide the overlay for good.
      setActive(true);
    };
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setActive(false);
      const files = Array.from(event.dataTransfer?.files ?? []);
      if (files.length > 0) deliver(files);
    };
    target.addEventListener('dragenter', enter);
    target.addEventListener('dragleave', leave);
    target.addEventListener('dragover', over);
    target.addEventListener('drop', drop);
    return () => {
      target.removeEventListener('dragenter', enter);
      target.removeEventListener('dragleave', leave);
      target.removeEventListener('dragover', over);
      target.removeEventListener('drop', drop);
      setActive(false);
    };
  }, [enabled, target]);

  return { active };
}
