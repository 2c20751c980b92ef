/**
 * The text last selected in the chat thread, for a prompt's `{{selection}}`: clicking into the
 * message box (to type `/`) moves the browser's selection there, so it is remembered as it is made.
 */

const THREAD_SELECTOR = '.thread';
const COMPOSER_SELECTOR = '.composer';

let remembered = '';

/** Watches the document's selection until the returned function is called (which forgets it). */
export function watchThreadSelection(doc: Document = document): () => void {
  const onChange = () => {
    const selection = doc.getSelection();
    const node = selection && selection.rangeCount > 0 ? selection.anchorNode : null;
    const element = node instanceof Element ? node : (node?.parentElement ?? null);
    // Into the message box: that is the user going to use it, so it is kept.
    if (element?.closest(COMPOSER_SELECTOR)) return;
    remembered = selection && !selection.isCollapsed && element?.closest(THREAD_SELECTOR) ? selection.toString() : '';
  };
  doc.addEventListener('selectionchange', onChange);
  return () => {
    doc.removeEventListener('selectionchange', onChange);
    remembered = '';
  };
}

export const threadSelection = (): string => remembered;

/** Used once: the next prompt does not take it again unless it is selected again. */
export function forgetThreadSelection(): void {
  remembered = '';
}
