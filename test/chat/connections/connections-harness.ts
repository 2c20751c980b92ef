import type { ModelCatalog, OpenAiConnection } from '../../../src/chat/wire';
import { createConnectionsStore, type ConnectionsStore, type ConnectionsStoreOptions, type ListModelsFn } from '../../../src/chat/connections';
import { createConnectionEdits } from '../../../src/chat/connections/connection-edits';

/** A connections store over an in-memory settings map, with a listModels the test answers by hand. */

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export interface ListCall {
  connection: OpenAiConnection;
  /** Ids alone, or a whole catalog (context lengths, picture support). */
  answer: Deferred<string[] | ModelCatalog>;
}

export interface StoreHarness {
  store: ConnectionsStore;
  settings: Map<string, unknown>;
  saves: [string, unknown][];
  calls: ListCall[];
  /** Answers the last listModels call. */
  answer(ids: string[] | ModelCatalog): Promise<void>;
  fail(error: unknown): Promise<void>;
}

/** Lets queued promise callbacks run. */
export const flushPromises = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

export function makeConnectionsStore(initial: Record<string, unknown> = {}, extra: Partial<ConnectionsStoreOptions> = {}): StoreHarness {
  const settings = new Map(Object.entries(initial));
  const saves: [string, unknown][] = [];
  const calls: ListCall[] = [];
  const listModels: ListModelsFn = (connection) => {
    const answer = deferred<string[] | ModelCatalog>();
    calls.push({ connection, answer });
    // Ids as given: the first is the default a new connection starts with (unless the catalog says which).
    return answer.promise.then((given) => (Array.isArray(given) ? { ids: given, firstChat: given[0] } : 'firstChat' in given ? given : { ...given, firstChat: given.ids[0] }));
  };
  const store = createConnectionsStore({
    load: async (key) => structuredClone(settings.get(key)),
    save: async (key, value) => {
      saves.push([key, structuredClone(value)]);
      settings.set(key, structuredClone(value));
    },
    listModels,
    now: () => 1000,
    // At once, as Settings has them (it loads them before it shows).
    edits: createConnectionEdits,
    ...extra,
  });
  const last = () => calls[calls.length - 1]!;
  return {
    store,
    settings,
    saves,
    calls,
    async answer(ids) {
      last().answer.resolve(ids);
      await flushPromises();
    },
    async fail(error) {
      last().answer.reject(error);
      await flushPromises();
    },
  };
}
