/**
 * Resolves in a later task. Highlighting and typesetting wait for it, so they never run inside
 * the update that finished a block (React runs a sync update's effects before returning).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
