import type { RefObject } from 'react';

/** Where focus goes when a dialog opens: an element ref, or a selector matched inside the dialog. */
export type InitialFocus = RefObject<HTMLElement | null> | string;

/** Elements that take focus from Tab (and so are sensible first stops inside a dialog). */
export const FOCUSABLE_SELECTOR = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  '[contenteditable=""]',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The first element inside `root` that Tab would reach, skipping `hidden` and inert subtrees. */
export function firstFocusable(root: ParentNode): HTMLElement | null {
  for (const element of root.querySelectorAll<HTMLElement>(FOCUSABLE_SELECTOR)) {
    if (!element.closest('[hidden], [inert]')) return element;
  }
  return null;
}

/**
 * The element to focus in an opened dialog: the requested one if it exists, else the first
 * focusable element of the content (header controls such as the close button are skipped, so
 * the user lands on what the dialog is about), else the dialog itself so its name is read.
 */
export function resolveInitialFocus(dialog: HTMLElement, content: ParentNode | null, initialFocus?: InitialFocus): HTMLElement {
  const requested =
    typeof initialFocus === 'string' ? dialog.querySelector<HTMLElement>(initialFocus) : initialFocus?.current ?? null;
  return requested ?? (content && firstFocusable(content)) ?? dialog;
}
