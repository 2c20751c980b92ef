import { useEffect } from 'react';
import { carriesFiles } from './drag-files';

/**
 * A file dropped where nothing takes it makes the browser open it in place of the app (and a
 * half-written message is gone). Mounted once for the whole app: on the window, after every
 * drop zone had its turn (they listen on the document), it claims any file drag nobody claimed
 * and shows the "no drop" cursor.
 */
export function useNoNavigateOnDrop(target: Window | null = typeof window === 'undefined' ? null : window) {
  useEffect(() => {
    if (!target) return;
    const guard = (event: DragEvent) => {
      if (!carriesFiles(event) || event.defaultPrevented) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'none';
    };
    target.addEventListener('dragover', guard);
    target.addEventListener('drop', guard);
    return () => {
      target.removeEventListener('dragover', guard);
      target.removeEventListener('drop', guard);
    };
  }, [target]);
}
