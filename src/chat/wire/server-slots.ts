import { createTransport, type OpenAiConnection, type TransportOptions } from './transport';
import { serverRoot } from './server-context';

/**
 * How many requests a llama.cpp server serves at once (issue 38: pacing per connection): its
 * `GET /props` says `total_slots` (the `--parallel` it was started with). Asked once per
 * connection by the routing (connections/connection-pacing.ts), which sends no more at once.
 */

/** Long enough for a server on this machine; a server that does not answer by then is paced as unknown. */
export const SLOTS_TIMEOUT_MS = 2000;

/** Undefined when the server does not say (not llama.cpp, unreachable, refused, too slow). */
export async function serverSlots(connection: OpenAiConnection, options: TransportOptions = {}): Promise<number | undefined> {
  const transport = createTransport({ ...connection, baseUrl: serverRoot(connection.baseUrl) }, { ...options, probe: null });
  try {
    const response = await transport.request('props', { method: 'GET', accept: 'application/json', signal: AbortSignal.timeout(SLOTS_TIMEOUT_MS) });
    if (!response.ok) return undefined;
    const slots = ((await response.json()) as { total_slots?: unknown } | null)?.total_slots;
    return typeof slots === 'number' && Number.isInteger(slots) && slots >= 1 ? slots : undefined;
  } catch {
    return undefined;
  }
}
