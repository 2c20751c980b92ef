// The settings a run reads when it starts (Settings → Code): its time limit and Python packages' address.
import type { RunSettings } from './run-preparation';
import { getSandboxSettingsStore } from './sandbox-settings';

export async function runSettings(): Promise<RunSettings> {
  const store = getSandboxSettingsStore();
  await store.init();
  return store.getSnapshot();
}
