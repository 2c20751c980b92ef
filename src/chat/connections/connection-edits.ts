import type { ListModelsOptions, OpenAiConnection } from '../wire';
import { bindKey } from './api-key-rules';
import { cleanHeaders, normalizeBaseUrl, presetFor, type Connection, type ConnectionInput } from './connection';
import { randomId, uniqueConnectionName } from './connection-names';
import type { ConnectionDraft, ConnectionPatch, ConnectionResult, ConnectionsStore, ListModelsFn, TestResult } from './connections-api';
import { modelErrorInfo } from './model-error-info';
import { connectionById, firstAvailableModel, requestKey, toOpenAiConnection, usableDefaultModel, type ConnectionsSnapshot, type ModelList } from './model-lists';
import type { LocalServer } from './probe-local-servers';

/**
 * Adding, editing, removing and testing connections: what Settings and the first-run offer do.
 * Apart from the store (connections-store.ts), whose reading the first screen needs: this loads
 * with Settings or the offer (issue 12).
 */

export type ConnectionEditMethod = 'add' | 'update' | 'remove' | 'testConnection' | 'adoptLocalServer';
export type ConnectionEdits = Pick<ConnectionsStore, ConnectionEditMethod>;

/** What the edits need of the store they belong to. */
export interface ConnectionEditsContext {
  state(): ConnectionsSnapshot;
  setConnections(connections: readonly Connection[]): void;
  setModels(id: string, list: ModelList | undefined): void;
  setDefaultModel(ref: string | undefined): void;
  refreshModels(id: string): Promise<ModelList | undefined>;
  /** Forgets a running model-list request (its connection is gone). */
  forgetRequest(id: string): void;
  init(): Promise<void>;
  listModels: ListModelsFn;
  timeoutMs: number;
  /** Test connection's check that the server speaks the connection's format (a Responses API); the real one by default. */
  checkApi?: (connection: OpenAiConnection, options: ListModelsOptions) => Promise<void>;
}

export type ConnectionEditsFactory = (context: ConnectionEditsContext) => ConnectionEdits;

export const createConnectionEdits: ConnectionEditsFactory = (context) => {
  const { setConnections, setModels, setDefaultModel, refreshModels, init, listModels, timeoutMs } = context;
  const checkApi = context.checkApi ?? ((connection, options) => import('../wire/list-models').then((module) => module.checkResponsesApi(connection, options)));
  const newId = () => {
    let id = randomId();
    while (connectionById(context.state(), id)) id = randomId();
    return id;
  };

  const add = (input: ConnectionInput & { readonly id?: string }): ConnectionResult => {
    const url = normalizeBaseUrl(input.baseUrl);
    if (!url.ok) return url;
    const headers = cleanHeaders(input.headers);
    const pending = input.pending === true;
    // A connection added with its key (a found local server, an import) is confirmed as given.
    const key = bindKey({}, { apiKey: input.apiKey?.trim() || undefined, keyChanged: true, baseUrl: url.url, pending, keepKey: false });
    // A restored connection keeps its id when it is free here, so the chats' model references still name it.
    const free = input.id !== undefined && input.id !== '' && !input.id.includes('/') && !connectionById(context.state(), input.id);
    const connection: Connection = {
      id: free ? input.id! : newId(),
      name: input.name.trim() || presetFor(input.kind).name,
      kind: input.kind,
      baseUrl: url.url,
      ...key,
      ...(input.keyStorage === 'session' && { keyStorage: 'session' as const }),
      ...(pending && { pending: true as const }),
      ...(headers && { headers }),
      ...(input.api && { api: input.api }),
      ...(input.storeResponses && { storeResponses: true as const }),
      ...(input.maxConcurrent && { maxConcurrent: input.maxConcurrent }),
    };
    setConnections([...context.state().connections, connection]);
    return { ok: true, connection };
  };

  const update = (id: string, patch: ConnectionPatch): ConnectionResult => {
    const current = connectionById(context.state(), id);
    if (!current) return { ok: false, error: 'not-found' };
    const url = patch.baseUrl === undefined ? undefined : normalizeBaseUrl(patch.baseUrl);
    if (url && !url.ok) return url;
    const { apiKey: _apiKey, apiKeyUrl: _apiKeyUrl, headers: _headers, pending: _pending, keyStorage: _storage, api: _api, storeResponses: _store, maxConcurrent: _max, ...rest } = current;
    const baseUrl = url?.ok ? url.url : current.baseUrl;
    const pending = patch.confirmed === undefined ? current.pending === true && baseUrl === current.baseUrl : !patch.confirmed;
    const apiKey = Object.hasOwn(patch, 'apiKey') ? patch.apiKey?.trim() || undefined : current.apiKey;
    const key = bindKey(current, { apiKey, keyChanged: apiKey !== current.apiKey, baseUrl, pending, keepKey: patch.keepKey === true });
    const keyStorage = Object.hasOwn(patch, 'keyStorage') ? patch.keyStorage : current.keyStorage;
    const headers = Object.hasOwn(patch, 'headers') ? cleanHeaders(patch.headers) : current.headers;
    const kind = patch.kind ?? current.kind;
    const api = Object.hasOwn(patch, 'api') ? patch.api : current.api;
    const storeResponses = Object.hasOwn(patch, 'storeResponses') ? patch.storeResponses : current.storeResponses;
    // Undefined in the patch: back to automatic.
    const maxConcurrent = Object.hasOwn(patch, 'maxConcurrent') ? patch.maxConcurrent : current.maxConcurrent;
    const next: Connection = {
      ...rest,
      kind,
      name: patch.name === undefined ? current.name : patch.name.trim() || presetFor(kind).name,
      baseUrl,
      ...key,
      ...(keyStorage === 'session' && { keyStorage }),
      ...(pending && { pending: true as const }),
      ...(headers && { headers }),
      ...(api && { api }),
      ...(storeResponses && { storeResponses }),
      ...(maxConcurrent && { maxConcurrent }),
    };
    // Nothing changed: no new snapshot, no write.
    const sameRequests = requestKey(next) === requestKey(current);
    const sameStored = JSON.stringify(next) === JSON.stringify(current);
    if (sameRequests && sameStored) return { ok: true, connection: current };
    setConnections(context.state().connections.map((connection) => (connection.id === id ? next : connection)));
    if (!sameRequests) setModels(id, undefined);
    return { ok: true, connection: next };
  };

  const remove = (id: string) => {
    if (!connectionById(context.state(), id)) return;
    context.forgetRequest(id);
    setConnections(context.state().connections.filter((connection) => connection.id !== id));
    setModels(id, undefined);
    if (!usableDefaultModel(context.state()) && context.state().defaultModel !== undefined) setDefaultModel(firstAvailableModel(context.state()));
  };

  const testConnection = async (draft: ConnectionDraft): Promise<TestResult> => {
    const url = normalizeBaseUrl(draft.baseUrl);
    if (!url.ok) {
      return { ok: false, error: { code: 'unreachable', reason: 'invalid-url', message: `Not an http(s) address: ${draft.baseUrl}` } };
    }
    const apiKey = draft.apiKey?.trim() || undefined;
    const headers = cleanHeaders(draft.headers);
    const stored = connectionById(context.state(), draft.id);
    const asked = { baseUrl: url.url, api: draft.api, ...(apiKey && { apiKey }), ...(headers && { headers }) };
    try {
      let models: readonly string[];
      if (stored && !stored.pending && JSON.stringify(toOpenAiConnection(stored)) === JSON.stringify(asked)) {
        // The stored connection as it is: its list is refreshed (one request, shared with any picker asking).
        const list = await refreshModels(stored.id);
        if (list?.status !== 'ready') return { ok: false, error: list?.error ?? { code: 'no-model', reason: 'connection-removed', message: 'The connection was removed' } };
        models = list.ids;
      } else {
        // The draft is what the user asked to test, key and address together: sent as it is.
        models = (await listModels(asked, { signal: AbortSignal.timeout(timeoutMs) })).ids;
      }
      // Every OpenAI-compatible server lists models the same way: only asking tells whether it speaks Responses.
      if (asked.api === 'responses') await checkApi(asked, { signal: AbortSignal.timeout(timeoutMs) });
      return { ok: true, models };
    } catch (error) {
      return { ok: false, error: modelErrorInfo(error) };
    }
  };

  const adoptLocalServer = async (server: LocalServer): Promise<Connection> => {
    await init();
    const existing = context.state().connections.find((connection) => connection.baseUrl === server.baseUrl);
    if (existing) {
      await refreshModels(existing.id);
      return existing;
    }
    const added = add({ name: uniqueConnectionName(server.preset.name, context.state().connections), kind: server.preset.kind, baseUrl: server.baseUrl });
    if (!added.ok) throw new Error(`Not a usable address: ${server.baseUrl}`);
    await refreshModels(added.connection.id);
    return added.connection;
  };

  return { add, update, remove, testConnection, adoptLocalServer };
};
