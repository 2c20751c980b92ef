import { presetFor, type ConnectionKind, type ConnectionPreset } from './connection';

/**
 * First run (SPEC B3, issue 5): asks whether a local Ollama or llama.cpp server answers on its
 * default port, so the home page can offer it in one click. Quick and quiet: a short timeout,
 * no no-cors follow-up probe, and it never throws.
 */

/** Long enough for a server on this machine, short enough that the offer appears while the page is new. */
export const LOCAL_PROBE_TIMEOUT_MS = 1500;

export interface LocalServerTarget {
  kind: ConnectionKind;
  /** The base URL; `{baseUrl}/models` is asked. */
  baseUrl: string;
}

/** The servers a first run looks for: the two whose default ports are well known and that allow browsers. */
export const LOCAL_PROBE_TARGETS: readonly LocalServerTarget[] = (['ollama', 'llamacpp'] as const).map((kind) => ({
  kind,
  baseUrl: presetFor(kind).baseUrl,
}));

export interface LocalServer {
  preset: ConnectionPreset;
  baseUrl: string;
  /** What it listed; may be empty (an Ollama with no model pulled yet). */
  models: readonly string[];
}

export interface ProbeLocalServersOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  targets?: readonly LocalServerTarget[];
}

/** The targets that answered with a list of models, in the targets' order. */
export async function probeLocalServers(options: ProbeLocalServersOptions = {}): Promise<LocalServer[]> {
  const { timeoutMs = LOCAL_PROBE_TIMEOUT_MS, targets = LOCAL_PROBE_TARGETS } = options;
  const ask = async (target: LocalServerTarget): Promise<LocalServer | undefined> => {
    try {
      // The request and its error reading load with the first list asked for, not the first screen (issue 12).
      const { listModels } = await import('../wire/list-models');
      const models = await listModels(
        { baseUrl: target.baseUrl },
        { fetch: options.fetch, probe: null, signal: AbortSignal.timeout(timeoutMs) },
      );
      return { preset: presetFor(target.kind), baseUrl: target.baseUrl, models };
    } catch {
      // Down, blocked, not a model server, too slow: nothing to offer.
      return undefined;
    }
  };
  try {
    const found = await Promise.all(targets.map(ask));
    return found.filter((server): server is LocalServer => server !== undefined);
  } catch {
    return [];
  }
}
