import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { ImportPanel } from './import-panel';
import { t } from './import-text';

export interface ImportDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The dropped export: read as soon as the dialog opens. */
  files: readonly File[];
}

/**
 * The import's preview for an export dropped on the page (issue 14). A dialog of its own rather
 * than Settings → Data: the drop says what the user wants, so the preview comes straight up, with
 * nothing else around it. Closing it stops a run under way (the panel unmounts): nothing is kept.
 */
export function ImportDialog({ open, onOpenChange, files }: ImportDialogProps) {
  return (
    <Dialog
      className="import-dialog"
      open={open}
      onOpenChange={onOpenChange}
      title={t('import.ui.dialogTitle')}
      description={t('import.ui.dialogDescription')}
      footer={
        <Button variant="outline" color="neutral" onClick={() => onOpenChange(false)}>
          {t('import.ui.close')}
        </Button>
      }
    >
      {open && <ImportPanel files={files} headingLevel={3} />}
    </Dialog>
  );
}
