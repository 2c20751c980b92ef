/**
 * Focuses an element that a navigation is about to render (the home page's composer after
 * "New chat"): the page may arrive in a later frame (its chunk loads lazily), so look once per
 * animation frame until it exists, and give up after a short while rather than steal focus late.
 */

/** How long to wait for the element; past this the user has moved on (and the page's heading keeps focus). */
export const FOCUS_WAIT_MS = 500;

export interface FocusWhenReadyOptions {
  doc?: Document;
  timeoutMs?: number;
  /** Injectable for tests; defaults to the window's requestAnimationFrame. */
  requestFrame?: (callback: () => void) => unknown;
  now?: () => number;
}

/** Returns a function that stops waiting. */
export function focusWhenReady(id: string, options: FocusWhenReadyOptions = {}): () => void {
  const doc = options.doc ?? document;
  const timeoutMs = options.timeoutMs ?? FOCUS_WAIT_MS;
  const now = options.now ?? (() => performance.now());
  const win = doc.defaultView;
  const requestFrame =
    options.requestFrame ?? ((callback: () => void) => (win?.requestAnimationFrame ? win.requestAnimationFrame(callback) : setTimeout(callback, 16)));
  const deadline = now() + timeoutMs;
  let stopped = false;

  const attempt = () => {
    if (stopped) return;
    const element = doc.getElementById(id);
    if (element) {
      element.focus();
      return;
    }
    if (now() < deadline) requestFrame(attempt);
  };
  // Not at once: the route view moves focus to the new page's heading when it commits, and
  // the composer should win over that.
  requestFrame(attempt);
  return () => {
    stopped = true;
  };
}
