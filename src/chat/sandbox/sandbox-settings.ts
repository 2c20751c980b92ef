// Settings → Code (issue 36): how long a code run may take, and where Python packages come from, outside React.
import { getChatStore } from '../store';
import { createSettingsRow, type SettingsRowIo } from '../../lib/settings-row';

/**
 * An immutable snapshot with subscribe/getSnapshot, as the tools settings (mcp/tool-settings.ts):
 * a change applies at once and is written behind, as one row of the chat store's settings (or
 * wherever configureSandboxSettings says). The row is this browser's, like the tools row: not in
 * a backup (backup-format.ts names the rows a backup carries) and not synced (sync carries chats).
 */

/** The settings row the sandbox settings live in. */
export const SANDBOX_SETTING = 'sandbox';
/** The default: long enough for a real computation, short enough that a forgotten loop ends. */
export const DEFAULT_RUN_TIME_LIMIT_SECONDS = 30;
/** A run must be given at least a second: less would stop Pyodide before it has started. */
export const MIN_RUN_TIME_LIMIT_SECONDS = 1;
/** Ten minutes: past that a run is a job for another tool, and a runaway one costs too much. */
export const MAX_RUN_TIME_LIMIT_SECONDS = 600;

export interface SandboxSettings {
  /** How long a code run may take before its worker is ended (seconds). */
  timeLimitSeconds: number;
  /** Where Python packages beyond Pyodide's core are fetched from (a Pyodide distribution's base URL, ending in '/'), '' for none. */
  packagesAddress: string;
}

export interface SandboxSettingsStore {
  /** Reads the stored settings; safe to call any number of times. */
  init(): Promise<void>;
  getSnapshot(): SandboxSettings;
  subscribe(listener: () => void): () => void;
  /** Kept a whole number between MIN_RUN_TIME_LIMIT_SECONDS and MAX_RUN_TIME_LIMIT_SECONDS. */
  setTimeLimit(seconds: number): Promise<void>;
  /** Kept normalised (normalizePackagesAddress); an address it refuses is not kept and the stored one stays. */
  setPackagesAddress(address: string): Promise<void>;
}

export type SandboxSettingsIo = SettingsRowIo;

const DEFAULTS: SandboxSettings = { timeLimitSeconds: DEFAULT_RUN_TIME_LIMIT_SECONDS, packagesAddress: '' };

export function clampTimeLimit(seconds: number): number {
  if (!Number.isFinite(seconds)) return DEFAULT_RUN_TIME_LIMIT_SECONDS;
  return Math.min(MAX_RUN_TIME_LIMIT_SECONDS, Math.max(MIN_RUN_TIME_LIMIT_SECONDS, Math.round(seconds)));
}

export type PackagesAddressCheck = { ok: true; address: string } | { ok: false; reason: 'not-a-url' | 'not-http' };

/**
 * What the user typed → the address packages are fetched from: a Pyodide distribution's folder,
 * so always ending in '/' (the lock file and the wheels are named relative to it), with no query
 * or fragment (they would be lost joining names to it) and no user name or password (fetch refuses
 * a URL that carries them, and a secret has no place in a setting shown in plain text).
 */
export function normalizePackagesAddress(input: string): PackagesAddressCheck {
  const trimmed = input.trim();
  if (trimmed === '') return { ok: true, address: '' };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, reason: 'not-a-url' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'not-http' };
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'not-a-url' };
  url.search = '';
  url.hash = '';
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return { ok: true, address: url.href };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Stored (possibly old or hand-edited) data → settings; anything unreadable is its default. */
export function readSandboxSettings(value: unknown): SandboxSettings {
  if (!isRecord(value)) return DEFAULTS;
  const address = typeof value.packagesAddress === 'string' ? normalizePackagesAddress(value.packagesAddress) : undefined;
  return {
    timeLimitSeconds: typeof value.timeLimitSeconds === 'number' ? clampTimeLimit(value.timeLimitSeconds) : DEFAULT_RUN_TIME_LIMIT_SECONDS,
    packagesAddress: address?.ok ? address.address : '',
  };
}

export function createSandboxSettingsStore(io: SandboxSettingsIo): SandboxSettingsStore {
  const row = createSettingsRow(io, SANDBOX_SETTING, readSandboxSettings, DEFAULTS);
  return {
    init: row.init,
    getSnapshot: row.getSnapshot,
    subscribe: row.subscribe,
    setTimeLimit: (seconds) => row.set({ ...row.getSnapshot(), timeLimitSeconds: clampTimeLimit(seconds) }),
    setPackagesAddress(address) {
      const checked = normalizePackagesAddress(address);
      // The form says why an address was refused; the store only ever holds one it can use.
      if (!checked.ok) return Promise.resolve();
      return row.set({ ...row.getSnapshot(), packagesAddress: checked.address });
    },
  };
}

let instance: SandboxSettingsStore | undefined;
let configured: SandboxSettingsIo | undefined;

/**
 * Where the row is kept unless configured: the app's chat store settings, reached only when the
 * store first loads or saves.
 */
const chatStoreSettings: SandboxSettingsIo = {
  load: (key) => getChatStore().getSetting(key),
  save: (key, value) => getChatStore().putSetting(key, value),
};

/** Where getSandboxSettingsStore's store keeps its row (tests pass their own); call before first use. */
export function configureSandboxSettings(io: SandboxSettingsIo): void {
  configured = io;
}

/** The app's one sandbox settings store, kept in the chat store's settings unless configured otherwise. */
export function getSandboxSettingsStore(): SandboxSettingsStore {
  instance ??= createSandboxSettingsStore(configured ?? chatStoreSettings);
  return instance;
}

/** For tests: forgets the store and its configuration; `next`, if given, becomes the one returned. */
export function resetSandboxSettings(next?: SandboxSettingsStore): void {
  instance = next;
  configured = undefined;
}
