import { createContext } from 'react';

/**
 * Where focus goes when a dialog closes and the element that had focus when it opened is gone
 * (removed, hidden, made inert) or was nothing at all (<body>: a dialog opened by the app itself
 * or by a hotkey with nothing focused). The app decides, since only it knows its screens: a chat
 * app answers with the message box. Returning null leaves focus where the browser puts it.
 */
export type FocusFallback = () => HTMLElement | null;

export const DialogFocusFallback = createContext<FocusFallback>(() => null);

/**
 * Puts focus back on `previous`, the element focused when the dialog opened; if that element
 * can't take it any more, on `fallback()`. Checked by where focus really lands, since a browser
 * silently ignores focus() on an element it can't focus (disconnected, hidden, inert, disabled).
 */
export function returnFocus(previous: Element | null, fallback: FocusFallback): void {
  const doc = previous?.ownerDocument ?? document;
  if (previous instanceof HTMLElement && previous !== doc.body && previous.isConnected) {
    // Chromium's dialog.close() has already put focus back on it, but while the page was still
    // inert: a text field focused that way takes keydowns and no text until it is focused anew
    // (after any inner form of Settings had been opened and closed). Focusing it again fixes it.
    if (doc.activeElement === previous) previous.blur();
    previous.focus();
    if (doc.activeElement === previous) return;
  }
  fallback()?.focus();
}
