/** How the user last interacted: keyboard focus shows a tooltip, focus from a click or tap doesn't. */
export type InputModality = 'keyboard' | 'pointer';

// Keyboard until proven otherwise, like :focus-visible for focus that no pointer caused.
let modality: InputModality = 'keyboard';
const trackedDocuments = new WeakSet<Document>();

function onKeyDown(event: KeyboardEvent) {
  // Shortcuts such as Ctrl+C aren't navigation; :focus-visible ignores them too.
  if (event.metaKey || event.ctrlKey || event.altKey) return;
  modality = 'keyboard';
}

function onPointerDown() {
  modality = 'pointer';
}

/**
 * Starts watching a document's keydown and pointerdown (capture phase, before any focus
 * they cause). Idempotent; the two listeners stay for the document's lifetime.
 */
export function trackInputModality(doc: Document = document) {
  if (trackedDocuments.has(doc)) return;
  trackedDocuments.add(doc);
  doc.addEventListener('keydown', onKeyDown, { capture: true, passive: true });
  doc.addEventListener('pointerdown', onPointerDown, { capture: true, passive: true });
}

export function lastInputModality(): InputModality {
  return modality;
}

/** Tests: back to the initial keyboard modality. */
export function resetInputModality() {
  modality = 'keyboard';
}
