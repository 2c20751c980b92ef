import { COMPOSER_INPUT_SELECTOR } from '../ui/composer';

/**
 * Where a closing dialog sends focus when the element that opened it is gone (Settings opened
 * by the app on first run, a hint that disappeared once connected, a deleted chat's menu): the
 * screen's message box, where the user is most likely to go next (SPEC B11), rather than <body>.
 */
export function composerFocusFallback(doc: Document = document): HTMLElement | null {
  return doc.querySelector<HTMLElement>(`${COMPOSER_INPUT_SELECTOR}:not(:disabled)`);
}
