/**
 * How the import runs, set by the app at boot. Apart from index.ts so the first screen, which
 * configures it, carries none of the import's code.
 */

export interface ImportSettings {
  /** The built import worker's absolute address (src/app/boot.ts); none: the import runs on the page. */
  workerUrl?: string;
}

let settings: ImportSettings = {};

/** Called once at boot by the app, before any import. */
export function configureImport(next: ImportSettings): void {
  settings = { ...next };
}

export const importSettings = (): ImportSettings => settings;
