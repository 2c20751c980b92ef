import { useRef, type ReactNode } from 'react';
import { t } from '../../i18n';
import { Button } from '../button';
import { Dialog, type DialogSize } from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Runs on confirm; the dialog then asks to close. A returned promise shows a spinner until it settles, and a rejection keeps the dialog open. */
  onConfirm: () => unknown;
  /** Default: `dialog.confirm`. Name the action ("Delete chat") rather than "OK". */
  confirmLabel?: string;
  /** Default: `dialog.cancel`. */
  cancelLabel?: string;
  /** Colours the confirm button as an error and starts focus on Cancel, the safe choice. */
  destructive?: boolean;
  size?: DialogSize;
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | null)?.then === 'function';

/** A yes/no question before an action: an alertdialog with Cancel and a confirm button. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  onConfirm,
  confirmLabel,
  cancelLabel,
  destructive = false,
  size = 'sm',
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  const confirmRef = useRef<HTMLButtonElement & HTMLAnchorElement>(null);

  const confirm = () => {
    const result = onConfirm();
    if (!isThenable(result)) {
      onOpenChange(false);
      return undefined;
    }
    // Returned to the Button so it shows loading; a rejection leaves the dialog open for a retry.
    return Promise.resolve(result).then(() => onOpenChange(false));
  };

  return (
    <Dialog
      role="alertdialog"
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      size={size}
      closeButton={false}
      initialFocus={destructive ? cancelRef : confirmRef}
      footer={
        <>
          <Button ref={cancelRef} variant="outline" color="neutral" onClick={() => onOpenChange(false)}>
            {cancelLabel ?? t('dialog.cancel')}
          </Button>
          <Button ref={confirmRef} color={destructive ? 'error' : 'primary'} onClick={confirm}>
            {confirmLabel ?? t('dialog.confirm')}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
