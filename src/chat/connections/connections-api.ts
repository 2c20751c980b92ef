/** The connections store's shapes: its interface and what an edit returns (connection-edits.ts builds edits on them without importing the store). */
import type { ListModelsOptions, ModelCatalog } from '../wire';
import type { OpenAiConnection } from '../wire';
import type { BaseUrlError, Connection, ConnectionInput } from './connection';
import type { ModelErrorInfo } from './model-error-info';
import type { ConnectionsSnapshot, ModelList } from './model-lists';
import type { LocalServer } from './probe-local-servers';

/** GET {base}/models: the ids, and the context length and picture support where the entries say them. */
export type ListModelsFn = (connection: OpenAiConnection, options: ListModelsOptions) => Promise<ModelCatalog>;

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
  /** Loads the code of add/update/remove (Settings does before it shows); the async edits load it themselves. */
  loadEdits(): Promise<void>;
  /** `id`: keep this id when it is free (a restored connection); a new one otherwise. */
  add(input: ConnectionInput & { readonly id?: string }): ConnectionResult;
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
