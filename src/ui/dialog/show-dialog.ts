/**
 * `modal`: the browser's own modal dialog (top layer, inert page, Escape as a `cancel` event).
 * `fallback`: only the `open` attribute is set (no <dialog> support, or a DOM such as happy-dom
 * whose showModal() doesn't make the dialog modal); the component then handles Escape itself.
 */
export type DialogMode = 'modal' | 'fallback';

/** Whether the browser made the dialog modal; `:modal` is unknown where modality isn't supported. */
function isModal(dialog: HTMLDialogElement): boolean {
  try {
    return dialog.matches(':modal');
  } catch {
    return false;
  }
}

/** Shows the dialog as a native modal when the browser can, else just marks it open. */
export function showDialog(dialog: HTMLDialogElement): DialogMode {
  if (typeof dialog.showModal === 'function' && !dialog.open) {
    try {
      dialog.showModal();
    } catch {
      // InvalidStateError (already open non-modally, or not connected): use the fallback.
    }
  }
  if (isModal(dialog)) return 'modal';
  dialog.setAttribute('open', '');
  return 'fallback';
}

/** Closes the dialog; `close()` also leaves the top layer, and the attribute covers the fallback. */
export function hideDialog(dialog: HTMLDialogElement) {
  if (typeof dialog.close === 'function') dialog.close();
  dialog.removeAttribute('open');
}
