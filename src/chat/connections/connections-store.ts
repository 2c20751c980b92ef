import { storable } from './api-key-rules';
import { readConnection, type Connection, type ConnectionInput } from './connection';
import type { ConnectionEdits, ConnectionEditsContext, ConnectionEditsFactory } from './connection-edits';
import type { ConnectionsStore, ListModelsFn } from './connections-api';
import { modelErrorInfo } from './model-error-info';
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

/** The model-list request and its error reading, fetched with the first list asked for rather than with the first screen (issue 12). */
const fetchModelList: ListModelsFn = (connection, options) => import('../wire/list-models').then((module) => module.listModelCatalog(connection, options));
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
  /** The edits at once (tests, tools); without it they load with Settings (loadEdits). */
  edits?: ConnectionEditsFactory;
}

export type { ConnectionDraft, ConnectionError, ConnectionPatch, ConnectionResult, ConnectionsStore, ListModelsFn, TestResult } from './connections-api';

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
    // The last list stays on show while the new one loads (its ids and what they said), so a picker does not flicker.
    const { status: _status, error: _error, loadedAt: _loadedAt, ...shown } = modelListOf(state, id);
    setModels(id, { ...shown, status: 'loading' });
    const request = { key, promise: undefined as unknown as Promise<ModelList | undefined> };
    request.promise = (async () => {
      let next: ModelList;
      /** The list's first model that chats (never an embedding one): a new connection's default. */
      let firstChat: string | undefined;
      try {
        // The ids and what their entries said (contexts, vision, embedding: each only when it says anything).
        const { firstChat: chat, ...catalog } = await listModels(toOpenAiConnection(connection), { signal: AbortSignal.timeout(timeoutMs) });
        firstChat = chat;
        next = { ...catalog, status: 'ready', loadedAt: now() };
      } catch (error) {
        next = { status: 'error', ids: [], error: modelErrorInfo(error) };
      }
      if (inFlight.get(id) === request) inFlight.delete(id);
      const current = connectionById(state, id);
      // Edited or removed meanwhile: this answer is about an address that no longer applies.
      if (!current || requestKey(current) !== key) return next;
      setModels(id, next);
      // A first list makes the connection usable at once: its first chat model becomes the default.
      if (firstChat !== undefined && !usableDefaultModel(state)) setDefaultModel(modelRef(id, firstChat));
      return next;
    })();
    inFlight.set(id, request);
    return request.promise;
  };

  const editsContext: ConnectionEditsContext = {
    state: () => state,
    setConnections,
    setModels,
    setDefaultModel,
    refreshModels,
    forgetRequest: (id) => void inFlight.delete(id),
    init,
    listModels,
    timeoutMs,
  };
  let edits: ConnectionEdits | undefined = options.edits?.(editsContext);
  let editsLoading: Promise<ConnectionEdits> | undefined;
  const loadEdits = (): Promise<ConnectionEdits> =>
    edits
      ? Promise.resolve(edits)
      : (editsLoading ??= import('./connection-edits').then(
          (module) => (edits ??= module.createConnectionEdits(editsContext)),
          (error: unknown) => {
            // Offline or redeployed: asked for again next time.
            editsLoading = undefined;
            throw error;
          },
        ));
  /** The synchronous edits are Settings': its chunk loads them before it shows (loadEdits). */
  const loadedEdits = (): ConnectionEdits => {
    if (!edits) throw new Error('Connection editing is not loaded: await loadEdits() first');
    return edits;
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getSnapshot: () => state,
    init,
    loadEdits: () => loadEdits().then(() => {}),
    add: (input) => loadedEdits().add(input),
    update: (id, patch) => loadedEdits().update(id, patch),
    remove: (id) => loadedEdits().remove(id),
    setDefaultModel,
    refreshModels,
    testConnection: async (draft) => (await loadEdits()).testConnection(draft),
    findLocalServers: () => (options.probe ?? probeLocal)(),
    adoptLocalServer: async (server) => (await loadEdits()).adoptLocalServer(server),
    flush: () => saving,
  };
}
