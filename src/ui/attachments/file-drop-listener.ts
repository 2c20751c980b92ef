import { carriesFiles } from './drag-files';

// The page's file-drop listeners (use-file-drop.ts): loaded just after the page mounts, not with
// the first screen, which nothing can be dragged onto before it shows.

const outsideViewport = (event: DragEvent) => {
  const view = (event.target as Node | null)?.ownerDocument?.defaultView ?? window;
  return event.clientX <= 0 || event.clientY <= 0 || event.clientX >= view.innerWidth || event.clientY >= view.innerHeight;
};

export interface FileDropHandlers {
  /** Files hover over the page (true) or left it (false). */
  onActive(active: boolean): void;
  onFiles(files: File[]): void;
}

/** Listens for files dragged over `target`; returns the way to stop. */
export function listenForFileDrops(target: Document, { onActive: setActive, onFiles: deliver }: FileDropHandlers): () => void {
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
  };
}
