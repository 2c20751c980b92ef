// The settings a run reads now (Settings → Code): its time limit and Python packages' address.
import { RUN_TIME_LIMIT_MS } from '../../lib/sandbox-wire';
import type { RunSettings } from './run-preparation';

export function runSettings(): RunSettings {
  return { timeLimitSeconds: RUN_TIME_LIMIT_MS / 1000, packagesAddress: '' };
}
