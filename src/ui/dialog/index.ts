export { Dialog, DIALOG_SIZES, type DialogProps, type DialogSize } from './dialog';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { FOCUSABLE_SELECTOR, firstFocusable, resolveInitialFocus, type InitialFocus } from './initial-focus';
export { showDialog, hideDialog, type DialogMode } from './show-dialog';
export { DialogFocusFallback, returnFocus, type FocusFallback } from './return-focus';
