// Ctrl+Z (⌘Z on a Mac) undoes the last deletion whose toast offers Undo (issue 33), as in a
// mail or file app. Imported only by the code that deletes things, so the first screen carries none of it.
import { toast, toastStore, type ToastAction } from './toast-store';

/** The toast actions made by `undoAction`: the ones the key may run. */
const undoActions = new WeakSet<ToastAction>();
let listening = false;

/**
 * A toast's Undo: the button, and Ctrl/⌘+Z anywhere but a text field while the toast shows
 * (the newest such toast first). The key starts listening with the first one made.
 */
export function undoAction(label: string, onUndo: () => void): ToastAction {
  const action: ToastAction = { label, onClick: onUndo };
  undoActions.add(action);
  if (!listening && typeof window !== 'undefined') {
    listening = true;
    window.addEventListener('keydown', onKeyDown);
  }
  return action;
}

/**
 * Ctrl+Z or ⌘Z alone: with Shift it is Redo, with Alt something else. The Z of the layout, else
 * (a Cyrillic or Greek layout, whose key says no Latin letter) the key where Z is on QWERTY.
 */
export function isUndoHotkey(event: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  const z = /^[a-z]$/i.test(event.key) ? event.key.toLowerCase() === 'z' : event.code === 'KeyZ';
  return z && event.ctrlKey !== event.metaKey && !event.altKey && !event.shiftKey;
}

/** Where Ctrl+Z is the text's own undo. */
function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type);
}

/** Runs the newest shown toast's Undo, and closes that toast; false when no toast offers one. */
export function undoLatest(): boolean {
  for (const item of toastStore.getSnapshot()) {
    const action = item.actions.find((candidate) => undoActions.has(candidate));
    if (!action) continue;
    let kept = false;
    action.onClick?.({ preventDefault: () => (kept = true) });
    if (!kept) toast.remove(item.id);
    return true;
  }
  return false;
}

function onKeyDown(event: KeyboardEvent) {
  if (event.defaultPrevented || event.repeat || !isUndoHotkey(event) || isTextField(event.target)) return;
  if (undoLatest()) event.preventDefault();
}

/** Stops listening (tests start each from nothing). */
export function resetUndoHotkey(): void {
  if (typeof window !== 'undefined') window.removeEventListener('keydown', onKeyDown);
  listening = false;
}
