/** Connections to OpenAI-compatible servers, model references, and the routing ChatModel (issue 5, SPEC B1, B3, B4). */
export {
  CONNECTION_KINDS,
  CONNECTION_PRESETS,
  cleanHeaders,
  headerError,
  isConnectionKind,
  normalizeBaseUrl,
  presetFor,
  readConnection,
  type BaseUrlError,
  type BaseUrlResult,
  type Connection,
  type ConnectionInput,
  type ConnectionKind,
  type ConnectionPreset,
  type HeaderError,
} from './connection';
// The wire formats' presets load with Settings: import connection-apis.ts by path.
export type { ApiPreset, WireApi } from './connection-apis';
export { modelIdOf, modelRef, parseModelRef, type ModelRefParts } from './model-ref';
export { modelErrorInfo, type ModelErrorInfo } from './model-error-info';
export {
  connectionById,
  connectionOfModel,
  contextLengthOfModel,
  firstAvailableModel,
  modelAcceptsImages,
  IDLE_MODEL_LIST,
  modelListOf,
  modelReadiness,
  requestKey,
  sendableKey,
  toOpenAiConnection,
  usableDefaultModel,
  type ConnectionsSnapshot,
  type ModelList,
  type ModelListStatus,
  type ModelReadiness,
} from './model-lists';
export { CONNECTION_ID_CHARS, randomId, uniqueConnectionName } from './connection-names';
export {
  CONNECTIONS_KEY,
  createConnectionsStore,
  DEFAULT_MODEL_KEY,
  MODEL_LIST_TIMEOUT_MS,
  type ConnectionDraft,
  type ConnectionPatch,
  type ConnectionError,
  type ConnectionResult,
  type ConnectionsStore,
  type ConnectionsStoreOptions,
  type ListModelsFn,
  type TestResult,
} from './connections-store';
export {
  CONNECTIONS_MODEL,
  createConnectionsModel,
  isConnectionsModel,
  type ConnectionsModel,
  type ConnectionsModelOptions,
} from './connections-model';
export { deferredModel } from '../model';
// Loaded with its first use (connections-store.ts), so not re-exported: import it by path.
export type { LocalServer, LocalServerTarget, ProbeLocalServersOptions } from './probe-local-servers';
export { configureConnectionsStore, getConnectionsStore, resetConnectionsStore } from './connections-instance';
// The model preferences load with the picker's list, Settings and title requests: import
// model-preferences.ts and model-preferences-instance.ts (getModelPreferences, useModelPreferences) by path.
export type { ModelPreferences, ModelPreferencesOptions, ModelPreferencesSnapshot, TitleSettings } from './model-preferences';
export {
  modelOptionGroups,
  useConnections,
  useConnectionsSnapshot,
  useDefaultModel,
  useModelOptions,
  useModelReadiness,
  type ModelOption,
  type ModelOptionGroup,
} from './hooks';
export { bindKey, keyMoveNeedsConsent, keyNeedsReentry, storable, type KeyBinding, type KeyInputs } from './api-key-rules';
