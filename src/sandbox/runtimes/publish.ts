// How a runtime hands itself to the artifact's frame: a global the frame's boot script reads (each
// runtime runs as a classic script in that frame, before the boot script).
import { RUNTIME_GLOBAL, type RuntimeName } from '../../lib/sandbox-wire';

export function publish(name: RuntimeName, value: unknown): void {
  const scope = self as unknown as Record<string, Record<string, unknown> | undefined>;
  (scope[RUNTIME_GLOBAL] ??= {})[name] = value;
}
