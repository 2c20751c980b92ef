/** Whether a drag carries files (from the desktop or a file manager), not text or a link from the page. */
export function carriesFiles(event: DragEvent): boolean {
  const types = event.dataTransfer?.types;
  if (!types) return false;
  // DOMStringList in older engines, a frozen array in current ones: both have length and index access.
  return Array.from(types as ArrayLike<string>).includes('Files');
}
