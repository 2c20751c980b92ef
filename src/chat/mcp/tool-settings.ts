import { newId } from '../../lib/ids';
import { DEFAULT_STEP_LIMIT, readStoredPolicy, withPolicy, type StoredPolicy, type ToolPolicies, type ToolPolicy } from './approval-policy';
import type { McpTool, ToolTarget } from './tool-types';
import { getChatStore } from '../store';

/**
 * The MCP servers, each tool's policy and the step limit (issue 16), outside React: an immutable
 * snapshot with subscribe/getSnapshot. Changes apply at once and are written behind, as one row of
 * the chat store's settings (or wherever configureToolSettings says).
 */

/** The settings row the tools settings live in. */
export const TOOLS_SETTING = 'tools';
/** A single tool step is the least a turn with tools can do. */
export const MIN_STEP_LIMIT = 1;
/** Past this a runaway model loop costs more than any real task needs. */
export const MAX_STEP_LIMIT = 50;

export interface McpServerConfig {
  id: string;
  label: string;
  url: string;
  headers?: Record<string, string>;
  /** The tools the server listed when last connected. */
  tools?: McpTool[];
  /** When `tools` was listed (ms since the epoch). */
  listedAt?: number;
  /** Set once the server asked for OAuth sign-in: kept in this browser only (never backed up or synced). */
  oauth?: McpOAuthState;
  /** It could not be reached when it was added or edited, and the user kept it anyway; cleared by a connection that works. */
  unreachable?: boolean;
}

/** A server's OAuth sign-in, as the authorization server gave it (mcp-oauth.ts reads it). */
export interface McpOAuthState {
  /** The dynamic client registration (client_id…). */
  client?: Record<string, unknown>;
  /** Access and refresh tokens. */
  tokens?: Record<string, unknown>;
}

export interface ToolSettings {
  servers: McpServerConfig[];
  policies: ToolPolicies;
  stepLimit: number;
}

export interface ToolSettingsStore {
  /** Reads the stored settings; safe to call any number of times. */
  init(): Promise<void>;
  getSnapshot(): ToolSettings;
  subscribe(listener: () => void): () => void;
  addServer(input: { label: string; url: string; headers?: Record<string, string>; unreachable?: boolean }): Promise<McpServerConfig>;
  updateServer(id: string, patch: Partial<Omit<McpServerConfig, 'id'>>): Promise<void>;
  /** Removes the server and its tools' policies. */
  removeServer(id: string): Promise<void>;
  /** "On" approves the tool as last listed (what the user saw), or as `definition` says (a tool of Parley's own); a tool never listed keeps a bare "on", which asks. */
  setPolicy(target: ToolTarget, policy: ToolPolicy, definition?: McpTool): Promise<void>;
  /** Kept a whole number between MIN_STEP_LIMIT and MAX_STEP_LIMIT. */
  setStepLimit(limit: number): Promise<void>;
}

export interface ToolSettingsIo {
  load(key: string): Promise<unknown>;
  save(key: string, value: unknown): Promise<void>;
}

const EMPTY: ToolSettings = { servers: [], policies: {}, stepLimit: DEFAULT_STEP_LIMIT };

export function clampStepLimit(limit: number): number {
  if (!Number.isFinite(limit)) return DEFAULT_STEP_LIMIT;
  return Math.min(MAX_STEP_LIMIT, Math.max(MIN_STEP_LIMIT, Math.round(limit)));
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function readHeaders(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

function readTool(value: unknown): McpTool | undefined {
  if (!isRecord(value) || typeof value.name !== 'string') return undefined;
  return {
    name: value.name,
    ...(typeof value.description === 'string' && { description: value.description }),
    inputSchema: isRecord(value.inputSchema) ? value.inputSchema : { type: 'object' },
  };
}

function readOAuth(value: unknown): McpOAuthState | undefined {
  if (!isRecord(value)) return undefined;
  return { ...(isRecord(value.client) && { client: value.client }), ...(isRecord(value.tokens) && { tokens: value.tokens }) };
}

function readServer(value: unknown): McpServerConfig | undefined {
  if (!isRecord(value) || typeof value.id !== 'string' || typeof value.url !== 'string') return undefined;
  const headers = readHeaders(value.headers);
  const tools = Array.isArray(value.tools) ? value.tools.map(readTool).filter((tool): tool is McpTool => tool !== undefined) : undefined;
  const oauth = readOAuth(value.oauth);
  return {
    id: value.id,
    label: typeof value.label === 'string' ? value.label : value.url,
    url: value.url,
    ...(headers && { headers }),
    ...(tools && { tools }),
    ...(typeof value.listedAt === 'number' && { listedAt: value.listedAt }),
    ...(oauth && { oauth }),
    ...(value.unreachable === true && { unreachable: true }),
  };
}

function readPolicies(value: unknown): ToolPolicies {
  if (!isRecord(value)) return {};
  const policies: Record<string, Record<string, StoredPolicy>> = {};
  for (const [serverId, tools] of Object.entries(value)) {
    if (!isRecord(tools)) continue;
    const kept = Object.entries(tools).flatMap(([tool, stored]) => {
      const policy = readStoredPolicy(stored);
      return policy ? [[tool, policy] as const] : [];
    });
    if (kept.length > 0) policies[serverId] = Object.fromEntries(kept);
  }
  return policies;
}

/** Stored (possibly old or hand-edited) data → settings; anything unreadable is left out. */
export function readToolSettings(value: unknown): ToolSettings {
  if (!isRecord(value)) return EMPTY;
  const servers = Array.isArray(value.servers) ? value.servers.map(readServer).filter((server): server is McpServerConfig => server !== undefined) : [];
  return {
    servers,
    policies: readPolicies(value.policies),
    stepLimit: typeof value.stepLimit === 'number' ? clampStepLimit(value.stepLimit) : DEFAULT_STEP_LIMIT,
  };
}

export function createToolSettingsStore(io: ToolSettingsIo): ToolSettingsStore {
  const listeners = new Set<() => void>();
  let state: ToolSettings = EMPTY;
  let touched = false;
  let initialized: Promise<void> | undefined;
  let saving: Promise<void> = Promise.resolve();

  const set = (next: ToolSettings): Promise<void> => {
    touched = true;
    state = next;
    for (const listener of [...listeners]) listener();
    // Failures are the chat store's to report (storage full, unavailable); the change stays in memory.
    saving = saving.then(() => io.save(TOOLS_SETTING, state)).catch(() => {});
    return saving;
  };

  return {
    init: () =>
      (initialized ??= (async () => {
        let stored: unknown;
        try {
          stored = await io.load(TOOLS_SETTING);
        } catch {
          // Unreadable settings: start empty (the chat store reports the storage problem).
        }
        // A change made before the stored row arrived wins: it was made knowing less, but later.
        if (touched) return;
        state = readToolSettings(stored);
        for (const listener of [...listeners]) listener();
      })()),
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async addServer(input) {
      const server: McpServerConfig = {
        id: newId(),
        label: input.label.trim() || input.url.trim(),
        url: input.url.trim(),
        ...(input.headers && Object.keys(input.headers).length > 0 && { headers: input.headers }),
        ...(input.unreachable && { unreachable: true }),
      };
      await set({ ...state, servers: [...state.servers, server] });
      return server;
    },
    async updateServer(id, patch) {
      if (!state.servers.some((server) => server.id === id)) return;
      await set({ ...state, servers: state.servers.map((server) => (server.id === id ? { ...server, ...patch, id } : server)) });
    },
    async removeServer(id) {
      const { [id]: _removed, ...policies } = state.policies;
      await set({ ...state, servers: state.servers.filter((server) => server.id !== id), policies });
    },
    setPolicy(target, policy, definition) {
      // A tool of Parley's own (no server in these settings) is approved as its definition says.
      const current = definition ?? state.servers.find((server) => server.id === target.serverId)?.tools?.find((tool) => tool.name === target.tool);
      return set({ ...state, policies: withPolicy(state.policies, target, policy, current) });
    },
    setStepLimit: (limit) => set({ ...state, stepLimit: clampStepLimit(limit) }),
  };
}

let instance: ToolSettingsStore | undefined;
let configured: ToolSettingsIo | undefined;

/**
 * Where the row is kept unless configured: the app's chat store settings, reached only when the
 * store first loads or saves (so boot, and the first screen, carry none of this).
 */
const chatStoreSettings: ToolSettingsIo = {
  load: (key) => getChatStore().getSetting(key),
  save: (key, value) => getChatStore().putSetting(key, value),
};

/** Where getToolSettingsStore's store keeps its row (tests pass their own); call before first use. */
export function configureToolSettings(io: ToolSettingsIo): void {
  configured = io;
}

/** The app's one tools settings store, kept in the chat store's settings unless configured otherwise. */
export function getToolSettingsStore(): ToolSettingsStore {
  instance ??= createToolSettingsStore(configured ?? chatStoreSettings);
  return instance;
}

/** For tests: forgets the store and its configuration; `next`, if given, becomes the one returned. */
export function resetToolSettings(next?: ToolSettingsStore): void {
  instance = next;
  configured = undefined;
}
