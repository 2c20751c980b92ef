import { createRoot, type Root } from 'react-dom/client';
import { withChunkStyles } from '../../lib/chunk-styles';
import { isExportFile, takeDroppedExports } from '../../pages/shared/import-request';
import { carriesFiles } from '../../ui/attachments/drag-files';
import { TooltipProvider } from '../../ui/tooltip';

/**
 * An export dropped anywhere on the page (issue 14) opens the import's preview, in a dialog of its
 * own. Started once the first screen is up (after-first-screen.ts), so none of it weighs on the
 * first screen. On the window in the capture phase, before any drop zone: a composer that sees
 * the same drop leaves the exports out (import-request.ts) and attaches the rest. The dialog lives
 * in a small React root of its own, made at the first such drop.
 */

/** The types browsers give a zip or a JSON file while it is dragged (names are hidden until the drop). */
const EXPORT_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/json'];

const mayHoldExport = (event: DragEvent) =>
  Array.from(event.dataTransfer?.items ?? []).some((item) => item.kind === 'file' && (item.type === '' || EXPORT_TYPES.includes(item.type)));

const loadDialog = withChunkStyles('import-dialog', () => import('./import-dialog'));

let root: Root | undefined;

async function showImport(files: readonly File[]) {
  const { ImportDialog } = await loadDialog();
  if (!root) {
    const host = document.createElement('div');
    host.className = 'import-dialog-root';
    document.body.append(host);
    root = createRoot(host);
  }
  const render = (open: boolean) =>
    root!.render(
      <TooltipProvider>
        <ImportDialog open={open} onOpenChange={render} files={files} />
      </TooltipProvider>,
    );
  render(true);
}

/** Takes dropped exports to the import until the returned function is called. */
export function listenForExportDrops(target: Window = window): () => void {
  const over = (event: DragEvent) => {
    if (!carriesFiles(event) || !mayHoldExport(event)) return;
    // Accepting it makes the page a drop target where no composer is (no model yet, a chat not found).
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
  };
  const drop = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    const exports = Array.from(event.dataTransfer?.files ?? []).filter(isExportFile);
    if (exports.length === 0) return;
    // Claimed, so the browser does not open the file in place of the app; a composer still sees the drop.
    event.preventDefault();
    void showImport(exports);
  };
  target.addEventListener('dragover', over, true);
  target.addEventListener('drop', drop, true);
  takeDroppedExports(true);
  // Visible in the DOM, for tests to know a drop is caught from now on.
  const html = target.document.documentElement;
  html.dataset.importDrop = 'on';
  return () => {
    takeDroppedExports(false);
    delete html.dataset.importDrop;
    target.removeEventListener('dragover', over, true);
    target.removeEventListener('drop', drop, true);
  };
}
