import { isLocalAddress } from '../../lib/local-address';
import { presetFor, type Connection } from './connection';

/**
 * Pacing per connection (issue 38): a server gets at most as many requests at once as it can
 * take, and the others wait their turn in the order they came, so a reply never fails for being
 * second (a one-slot llama.cpp server answers 503 to an overlapping request, others queue it
 * behind a long reply where nothing says why). The routing (connections-routing.ts) holds a
 * place for each request from before it is sent until its stream ends, fails or is aborted.
 */

/** A cloud API takes every request at once. */
export const UNLIMITED = Number.POSITIVE_INFINITY;

/** What the routing reads a connection's slots with (wire/server-slots.ts by default); undefined when unknown. */
export type ReadSlots = (connection: Connection) => Promise<number | undefined>;

/** A hosted service by kind (OpenAI, OpenRouter: their presets need a key), even behind a local proxy. */
const isCloudKind = (connection: Connection) => presetFor(connection.kind).needsKey || connection.api === 'anthropic';

/** Whether the server may be llama.cpp, whose `/props` says its slots: one named so, or a custom server on this machine or network. */
export function mayReportSlots(connection: Connection): boolean {
  return connection.kind === 'llamacpp' || (connection.kind === 'custom' && isLocalAddress(connection.baseUrl));
}

/** A limit the user set, when it is one (stored data is checked here, where it is used). */
const setLimit = (connection: Connection): number | undefined => {
  const value = connection.maxConcurrent;
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : undefined;
};

/**
 * How many requests the connection takes at once: what the user set; else the slots its server
 * reported; else a cloud API all, a local server (this machine, the local network) one, and
 * any other address all (a hosted server somewhere, which queues or scales on its own).
 */
export function concurrencyOf(connection: Connection, slots: number | undefined): number {
  const set = setLimit(connection);
  if (set !== undefined) return set;
  if (slots !== undefined) return slots;
  if (isCloudKind(connection)) return UNLIMITED;
  return isLocalAddress(connection.baseUrl) ? 1 : UNLIMITED;
}

/** The most requests at once a user may set on a connection (Settings → Connections). */
export const MAX_SET_CONCURRENT = 16;

/** What Automatic does for a connection, for Settings to say (the same rules as concurrencyOf). */
export type AutomaticPacing = 'local' | 'cloud' | 'hosted' | 'slots-or-one' | 'slots-or-all';

/** Automatic for this connection: the server's slots when it may say them, else one (local) or all (cloud, hosted). */
export function automaticPacing(connection: Connection): AutomaticPacing {
  const fallback = concurrencyOf({ ...connection, maxConcurrent: undefined }, undefined);
  if (mayReportSlots(connection)) return fallback === 1 ? 'slots-or-one' : 'slots-or-all';
  return fallback === 1 ? 'local' : isCloudKind(connection) ? 'cloud' : 'hosted';
}

interface Waiter {
  go(): void;
}

interface Gate {
  limit: number;
  active: number;
  readonly waiting: Waiter[];
}

export interface Pacing {
  /**
   * Waits for a place on the connection; resolves with the function that gives it back (call it
   * once the request has ended, however it ended), or undefined when `signal` aborted first: an
   * aborted waiter leaves the queue and sends nothing.
   */
  acquire(connection: Connection, signal: AbortSignal): Promise<(() => void) | undefined>;
  /** Tests and figures: requests holding a place, and waiting for one, on a connection. */
  load(connectionId: string): { active: number; waiting: number };
}

export function createPacing(readSlots: ReadSlots): Pacing {
  const gates = new Map<string, Gate>();
  /** The slots each server reported, read once per connection and address (a failure is remembered as unknown). */
  const slots = new Map<string, Promise<number | undefined>>();

  const slotsOf = (connection: Connection): Promise<number | undefined> | undefined => {
    if (setLimit(connection) !== undefined || !mayReportSlots(connection)) return undefined;
    const key = `${connection.id} ${connection.baseUrl}`;
    let read = slots.get(key);
    if (!read) {
      read = readSlots(connection).catch(() => undefined);
      slots.set(key, read);
    }
    return read;
  };

  const pump = (gate: Gate) => {
    while (gate.active < gate.limit && gate.waiting.length > 0) gate.waiting.shift()!.go();
  };

  const releaser = (gate: Gate) => {
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      gate.active -= 1;
      pump(gate);
    };
  };

  return {
    async acquire(connection, signal) {
      // Awaited by every request alike (even when already read), so requests keep the order they came in.
      const reported = await slotsOf(connection);
      if (signal.aborted) return undefined;
      let gate = gates.get(connection.id);
      if (!gate) gates.set(connection.id, (gate = { limit: 1, active: 0, waiting: [] }));
      // The latest setting counts (the user may change it while requests wait).
      gate.limit = concurrencyOf(connection, reported);
      const place = gate;
      return new Promise((resolve) => {
        const onAbort = () => {
          const at = place.waiting.indexOf(waiter);
          if (at >= 0) place.waiting.splice(at, 1);
          resolve(undefined);
        };
        const waiter: Waiter = {
          go() {
            signal.removeEventListener('abort', onAbort);
            place.active += 1;
            resolve(releaser(place));
          },
        };
        signal.addEventListener('abort', onAbort, { once: true });
        place.waiting.push(waiter);
        pump(place);
      });
    },
    load(connectionId) {
      const gate = gates.get(connectionId);
      return { active: gate?.active ?? 0, waiting: gate?.waiting.length ?? 0 };
    },
  };
}
