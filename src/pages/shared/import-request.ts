/**
 * Which dropped files are exports to import rather than attachments (issue 14). The app catches
 * them first (src/app/import/import-on-drop.tsx, on the window, in the capture phase) and opens the
 * import's preview; the composer, which sees the same drop, then leaves them out.
 *
 * Decided by name alone, synchronously, before anything is read: a zip (the composer refuses zips
 * anyway, so nothing a user could attach is lost), and JSON named as the apps name their exports
 * (ChatGPT's and Claude's conversations.json, ChatGPT's split conversations-000.json…, Open WebUI's
 * chat-export….json). Any other JSON stays an attachment: a model is often asked about a JSON
 * file, and reading every dropped file to guess would delay every attachment. The paperclip and a
 * paste always attach: choosing a file there says "attach" already.
 */

const EXPORT_NAMES = [/\.zip$/i, /^conversations(-\d+)?\.json$/i, /^chat-export.*\.json$/i];

/** Whether a dropped file is taken for an export to import. */
export function isExportFile(file: Pick<File, 'name'>): boolean {
  const name = file.name.split(/[\\/]/).pop() ?? file.name;
  return EXPORT_NAMES.some((pattern) => pattern.test(name));
}

let listening = false;

/** The app's side: dropped exports are taken to the import from now on (false: no longer). */
export function takeDroppedExports(on: boolean): void {
  listening = on;
}

/** A drop's files without the exports the app took (all of them while nothing takes exports: nothing is lost). */
export function withoutExports(files: readonly File[]): File[] {
  return listening ? files.filter((file) => !isExportFile(file)) : [...files];
}
