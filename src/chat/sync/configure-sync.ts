/**
 * Where sync's pull worker is, set by the app at boot. Apart from the engine so the first screen,
 * which configures it, carries none of sync's code.
 */

export interface SyncSettings {
  /** The built pull worker's absolute address (src/app/boot.ts); none: the pull runs on the page. */
  pullWorkerUrl?: string;
}

let settings: SyncSettings = {};

/** Called once at boot by the app, before sync starts. */
export function configureSync(next: SyncSettings): void {
  settings = { ...next };
}

export const syncSettings = (): SyncSettings => settings;
