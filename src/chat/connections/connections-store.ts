// Straight from the files, not the openai barrel: the barrel would put the whole stream reader in the first screen.
import type { ListModelsOptions, ModelCatalog } from '../openai/list-models';
import type { OpenAiConnection } from '../openai/transport';
import { bindKey, storable } from './api-key-rules';
import { cleanHeaders, normalizeBaseUrl, presetFor, readConnection, type BaseUrlError, type Connection, type ConnectionInput } from './connection';
import { modelErrorInfo, type ModelErrorInfo } from './model-error-info';
import {
  connectionById,
  firstAvailableModel,
  modelListOf,
  requestKey,
  toOpenAiConnection,
  usableDefaultModel,
  type ConnectionsSnapshot,
  type ModelList,
} from './model-lists';
import { modelRef } from './model-ref';
import type { LocalServer } from './probe-local-servers';
import { randomId, uniqueConnectionName } from './connection-names';

/**
 * The connections to model servers and the chosen default model, outside React (read through
 * hooks.ts): an immutable snapshot with subscribe/getSnapshot. Changes apply at once and are
 * written behind through the injected `save` (the app passes the chat store's settings).
 */

/** The settings keys the store reads and writes. */
export const CONNECTIONS_KEY = 'connections';
export const DEFAULT_MODEL_KEY = 'defaultModel';
/** A model list that takes longer than this has failed: a picker must not spin forever. */
export const MODEL_LIST_TIMEOUT_MS = 15_000;

/** GET {base}/models: the ids, and the context length and picture support where the entries say them. */
export type ListModelsFn = (connection: OpenAiConnection, options: ListModelsOptions) => Promise<ModelCatalog>;

/** The model-list request and its error reading, fetched with the first list asked for rather than with the first screen (issue 12). */
const fetchModelList: ListModelsFn = (connection, options) => import('../openai/list-models').then((module) => module.listModelCatalog(connection, options));
const hasKeys = (record: object) => Object.keys(record).length > 0;
/** The local-server probe comes with its first use too (first run only). */
const probeLocal = (): Promise<LocalServer[]> => import('./probe-local-servers').then((module) => module.probeLocalServers());

export interface ConnectionsStoreOptions {
  load(key: string): Promise<unknown>;
  save(key: string, value: unknown): Promise<void>;
  /** GET {base}/models; the real one by default (tests inject theirs). */
  listModels?: ListModelsFn;
  /** Finds local servers on first run; probeLocalServers by default. */
  probe?: () => Promise<LocalServer[]>;
  now?: () => number;
  modelListTimeoutMs?: number;
}

export type ConnectionError = BaseUrlError | 'not-found';
export type ConnectionResult = { ok: true; connection: Connection } | { ok: false; error: ConnectionError };
export type TestResult = { ok: true; models: readonly string[] } | { ok: false; error: ModelErrorInfo };
/**
 * An edit. `confirmed`: the user confirmed the address (left its field with a new value, pressed
 * Test); false keeps it unconfirmed; unset confirms a changed address (a programmatic edit).
 * `keepKey`: the user agreed that the key goes to the new address (else a moved key is dropped).
 */
export type ConnectionPatch = Partial<Omit<ConnectionInput, 'apiKeyUrl' | 'pending'>> & { confirmed?: boolean; keepKey?: boolean };
/** A connection being edited: only the address is required. */
export type ConnectionDraft = Pick<Connection, 'baseUrl'> & Partial<Omit<Connection, 'baseUrl'>>;

export interface ConnectionsStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): ConnectionsSnapshot;
  /** Reads the stored connections; safe to call any number of times. */
  init(): Promise<void>;
  add(input: ConnectionInput): ConnectionResult;
  /** `apiKey: undefined` or `headers: undefined` in the patch removes them. A key never follows a new address unasked. */
  update(id: string, patch: ConnectionPatch): ConnectionResult;
  remove(id: string): void;
  setDefaultModel(ref: string | undefined): void;
  /** Asks the server for its models (one request at a time per connection). */
  refreshModels(id: string): Promise<ModelList | undefined>;
  /** Asks a connection being edited for its models; a stored connection with the same address keeps the answer. */
  testConnection(draft: ConnectionDraft): Promise<TestResult>;
  findLocalServers(): Promise<LocalServer[]>;
  /** Adds a server found by findLocalServers (or reuses the connection at its address) and loads its models. */
  adoptLocalServer(server: LocalServer): Promise<Connection>;
  /** Resolves once every change so far has been handed to `save`. */
  flush(): Promise<void>;
}

export function createConnectionsStore(options: ConnectionsStoreOptions): ConnectionsStore {
  const listModels = options.listModels ?? fetchModelList;
  const now = options.now ?? Date.now;
  const timeoutMs = options.modelListTimeoutMs ?? MODEL_LIST_TIMEOUT_MS;
  const listeners = new Set<() => void>();
  let state: ConnectionsSnapshot = { status: 'loading', connections: [], models: {} };
  let defaultTouched = false;
  let initialized: Promise<void> | undefined;
  let saving: Promise<void> = Promise.resolve();
  const inFlight = new Map<string, { key: string; promise: Promise<ModelList | undefined> }>();

  const setState = (patch: Partial<ConnectionsSnapshot>) => {
    state = { ...state, ...patch };
    for (const listener of [...listeners]) listener();
  };
  const persist = (key: string, value: unknown) => {
    // Failures are the chat store's to report (storage full, unavailable); the change stays in memory.
    saving = saving.then(() => options.save(key, value)).catch(() => {});
  };
  const setConnections = (connections: readonly Connection[]) => {
    setState({ connections });
    persist(CONNECTIONS_KEY, connections.map(storable));
  };
  const setModels = (id: string, list: ModelList | undefined) => {
    const models = { ...state.models };
    if (list) models[id] = list;
    else delete models[id];
    setState({ models });
  };
  const setDefaultModel = (ref: string | undefined) => {
    defaultTouched = true;
    if (ref === state.defaultModel) return;
    setState(ref === undefined ? { defaultModel: undefined } : { defaultModel: ref });
    persist(DEFAULT_MODEL_KEY, ref ?? null);
  };
  const newId = () => {
    let id = randomId();
    while (connectionById(state, id)) id = randomId();
    return id;
  };

  const init = () =>
    (initialized ??= (async () => {
      let stored: unknown;
      let storedDefault: unknown;
      try {
        [stored, storedDefault] = await Promise.all([options.load(CONNECTIONS_KEY), options.load(DEFAULT_MODEL_KEY)]);
      } catch {
        // Unreadable settings: start empty (the chat store reports the storage problem).
      }
      const loaded = (Array.isArray(stored) ? stored : []).map(readConnection).filter((c): c is Connection => c !== undefined);
      const loadedIds = new Set(loaded.map((connection) => connection.id));
      // Connections added before the stored ones arrived are kept after them.
      const early = state.connections.filter((connection) => !loadedIds.has(connection.id));
      setState({
        status: 'ready',
        connections: [...loaded, ...early],
        ...(!defaultTouched && { defaultModel: typeof storedDefault === 'string' && storedDefault !== '' ? storedDefault : undefined }),
      });
      if (early.length > 0) persist(CONNECTIONS_KEY, state.connections.map(storable));
    })());

  const refreshModels = (id: string): Promise<ModelList | undefined> => {
    const connection = connectionById(state, id);
    // An address nobody confirmed is not asked anything (a preset just added).
    if (!connection || connection.pending) return Promise.resolve(undefined);
    const key = requestKey(connection);
    const running = inFlight.get(id);
    if (running?.key === key) return running.promise;
    const { ids: shown, contexts: shownContexts, vision: shownVision } = modelListOf(state, id);
    setModels(id, { status: 'loading', ids: shown, ...(shownContexts && { contexts: shownContexts }), ...(shownVision && { vision: shownVision }) });
    const request = { key, promise: undefined as unknown as Promise<ModelList | undefined> };
    request.promise = (async () => {
      let next: ModelList;
      try {
        const { ids, contexts, vision } = await listModels(toOpenAiConnection(connection), { signal: AbortSignal.timeout(timeoutMs) });
        next = { status: 'ready', ids, loadedAt: now(), ...(hasKeys(contexts) && { contexts }), ...(hasKeys(vision) && { vision }) };
      } catch (error) {
        next = { status: 'error', ids: [], error: modelErrorInfo(error) };
      }
      if (inFlight.get(id) === request) inFlight.delete(id);
      const current = connectionById(state, id);
      // Edited or removed meanwhile: this answer is about an address that no longer applies.
      if (!current || requestKey(current) !== key) return next;
      setModels(id, next);
      // A first list makes the connection usable at once: its first model becomes the default.
      if (next.status === 'ready' && next.ids.length > 0 && !usableDefaultModel(state)) setDefaultModel(modelRef(id, next.ids[0]!));
      return next;
    })();
    inFlight.set(id, request);
    return request.promise;
  };

  const add = (input: ConnectionInput): ConnectionResult => {
    const url = normalizeBaseUrl(input.baseUrl);
    if (!url.ok) return url;
    const headers = cleanHeaders(input.headers);
    const pending = input.pending === true;
    // A connection added with its key (a found local server, an import) is confirmed as given.
    const key = bindKey({}, { apiKey: input.apiKey?.trim() || undefined, keyChanged: true, baseUrl: url.url, pending, keepKey: false });
    const connection: Connection = {
      id: newId(),
      name: input.name.trim() || presetFor(input.kind).name,
      kind: input.kind,
      baseUrl: url.url,
      ...key,
      ...(input.keyStorage === 'session' && { keyStorage: 'session' as const }),
      ...(pending && { pending: true as const }),
      ...(headers && { headers }),
    };
    setConnections([...state.connections, connection]);
    return { ok: true, connection };
  };

  const update = (id: string, patch: ConnectionPatch): ConnectionResult => {
    const current = connectionById(state, id);
    if (!current) return { ok: false, error: 'not-found' };
    const url = patch.baseUrl === undefined ? undefined : normalizeBaseUrl(patch.baseUrl);
    if (url && !url.ok) return url;
    const { apiKey: _apiKey, apiKeyUrl: _apiKeyUrl, headers: _headers, pending: _pending, keyStorage: _storage, ...rest } = current;
    const baseUrl = url?.ok ? url.url : current.baseUrl;
    const pending = patch.confirmed === undefined ? current.pending === true && baseUrl === current.baseUrl : !patch.confirmed;
    const apiKey = Object.hasOwn(patch, 'apiKey') ? patch.apiKey?.trim() || undefined : current.apiKey;
    const key = bindKey(current, { apiKey, keyChanged: apiKey !== current.apiKey, baseUrl, pending, keepKey: patch.keepKey === true });
    const keyStorage = Object.hasOwn(patch, 'keyStorage') ? patch.keyStorage : current.keyStorage;
    const headers = Object.hasOwn(patch, 'headers') ? cleanHeaders(patch.headers) : current.headers;
    const kind = patch.kind ?? current.kind;
    const next: Connection = {
      ...rest,
      kind,
      name: patch.name === undefined ? current.name : patch.name.trim() || presetFor(kind).name,
      baseUrl,
      ...key,
      ...(keyStorage === 'session' && { keyStorage }),
      ...(pending && { pending: true as const }),
      ...(headers && { headers }),
    };
    // Nothing changed: no new snapshot, no write.
    const sameRequests = requestKey(next) === requestKey(current);
    const sameStored = JSON.stringify(next) === JSON.stringify(current);
    if (sameRequests && sameStored) return { ok: true, connection: current };
    setConnections(state.connections.map((connection) => (connection.id === id ? next : connection)));
    if (!sameRequests) setModels(id, undefined);
    return { ok: true, connection: next };
  };

  const remove = (id: string) => {
    if (!connectionById(state, id)) return;
    inFlight.delete(id);
    setConnections(state.connections.filter((connection) => connection.id !== id));
    setModels(id, undefined);
    if (!usableDefaultModel(state) && state.defaultModel !== undefined) setDefaultModel(firstAvailableModel(state));
  };

  const testConnection = async (draft: ConnectionDraft): Promise<TestResult> => {
    const url = normalizeBaseUrl(draft.baseUrl);
    if (!url.ok) {
      return { ok: false, error: { code: 'unreachable', reason: 'invalid-url', message: `Not an http(s) address: ${draft.baseUrl}` } };
    }
    const apiKey = draft.apiKey?.trim() || undefined;
    const headers = cleanHeaders(draft.headers);
    const stored = connectionById(state, draft.id);
    const asked = { baseUrl: url.url, ...(apiKey && { apiKey }), ...(headers && { headers }) };
    if (stored && !stored.pending && JSON.stringify(toOpenAiConnection(stored)) === JSON.stringify(asked)) {
      // The stored connection as it is: its list is refreshed (one request, shared with any picker asking).
      const list = await refreshModels(stored.id);
      if (list?.status === 'ready') return { ok: true, models: list.ids };
      return { ok: false, error: list?.error ?? { code: 'no-model', reason: 'connection-removed', message: 'The connection was removed' } };
    }
    try {
      // The draft is what the user asked to test, key and address together: sent as it is.
      const { ids } = await listModels(asked, { signal: AbortSignal.timeout(timeoutMs) });
      return { ok: true, models: ids };
    } catch (error) {
      return { ok: false, error: modelErrorInfo(error) };
    }
  };

  const adoptLocalServer = async (server: LocalServer): Promise<Connection> => {
    await init();
    const existing = state.connections.find((connection) => connection.baseUrl === server.baseUrl);
    if (existing) {
      await refreshModels(existing.id);
      return existing;
    }
    const added = add({ name: uniqueConnectionName(server.preset.name, state.connections), kind: server.preset.kind, baseUrl: server.baseUrl });
    if (!added.ok) throw new Error(`Not a usable address: ${server.baseUrl}`);
    await refreshModels(added.connection.id);
    return added.connection;
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getSnapshot: () => state,
    init,
    add,
    update,
    remove,
    setDefaultModel,
    refreshModels,
    testConnection,
    findLocalServers: () => (options.probe ?? probeLocal)(),
    adoptLocalServer,
    flush: () => saving,
  };
}
