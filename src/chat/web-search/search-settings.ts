// Settings → Search (issue 37): where searches go and the user's SearXNG address (whether new chats
// search is the chat defaults'), outside React (useSyncExternalStore), one settings row (lib/settings-row.ts).
import { getChatStore } from '../store';
import { createSettingsRow, type SettingsRowIo } from '../../lib/settings-row';

/**
 * An immutable snapshot with subscribe/getSnapshot: a change applies at once and is written behind
 * as one row of the chat store's settings (lib/settings-row.ts). The row is this
 * browser's: not in a backup and not synced (a SearXNG address is often a local one).
 */

/** The settings row the search settings live in. */
export const SEARCH_SETTING = 'web-search';

/**
 * Where a chat's searches go: `auto` the provider's own search where the connection's format has
 * one, else the SearXNG address when set; `searxng` always the SearXNG address.
 */
export type SearchRouteChoice = 'auto' | 'searxng';

export interface SearchSettings {
  /** The SearXNG instance's address as the user saved it (normalised), '' for none. */
  searxngUrl: string;
  route: SearchRouteChoice;
}

export interface SearchSettingsStore {
  /** Reads the stored settings; safe to call any number of times. */
  init(): Promise<void>;
  getSnapshot(): SearchSettings;
  subscribe(listener: () => void): () => void;
  setRoute(route: SearchRouteChoice): Promise<void>;
  /** Kept normalised (normalizeSearxngAddress); an address it refuses is not kept and the stored one stays. */
  setSearxngUrl(address: string): Promise<void>;
}

export type SearchSettingsIo = SettingsRowIo;

export const DEFAULT_SEARCH_SETTINGS: SearchSettings = { searxngUrl: '', route: 'auto' };

export type SearxngAddressCheck = { ok: true; address: string } | { ok: false; reason: 'not-a-url' | 'not-http' };

/**
 * What the user typed → the address kept: http(s), no user name or password (fetch refuses a URL
 * that carries them, and a secret has no place in a setting shown in plain text), no query or
 * fragment (a search sets its own). The path is kept as typed: `/searx/`, `/searx/search`.
 */
export function normalizeSearxngAddress(input: string): SearxngAddressCheck {
  const trimmed = input.trim();
  if (trimmed === '') return { ok: true, address: '' };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, reason: 'not-a-url' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'not-http' };
  if (url.hostname === '' || url.username !== '' || url.password !== '') return { ok: false, reason: 'not-a-url' };
  url.search = '';
  url.hash = '';
  return { ok: true, address: url.href };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Stored (possibly old or hand-edited) data → settings; anything unreadable is its default. */
export function readSearchSettings(value: unknown): SearchSettings {
  if (!isRecord(value)) return DEFAULT_SEARCH_SETTINGS;
  const address = typeof value.searxngUrl === 'string' ? normalizeSearxngAddress(value.searxngUrl) : undefined;
  return {
    searxngUrl: address?.ok ? address.address : '',
    route: value.route === 'searxng' ? 'searxng' : 'auto',
  };
}

export function createSearchSettingsStore(io: SearchSettingsIo): SearchSettingsStore {
  const row = createSettingsRow(io, SEARCH_SETTING, readSearchSettings, DEFAULT_SEARCH_SETTINGS);
  return {
    init: row.init,
    getSnapshot: row.getSnapshot,
    subscribe: row.subscribe,
    setRoute: (route) => row.set({ ...row.getSnapshot(), route: route === 'searxng' ? 'searxng' : 'auto' }),
    setSearxngUrl(address) {
      const checked = normalizeSearxngAddress(address);
      // The form says why an address was refused; the store only ever holds one it can use.
      if (!checked.ok) return Promise.resolve();
      return row.set({ ...row.getSnapshot(), searxngUrl: checked.address });
    },
  };
}

let instance: SearchSettingsStore | undefined;
let configured: SearchSettingsIo | undefined;

/** The app's chat store settings, reached only when the store first loads or saves. */
const chatStoreSettings: SearchSettingsIo = {
  load: (key) => getChatStore().getSetting(key),
  save: (key, value) => getChatStore().putSetting(key, value),
};

/** Where getSearchSettingsStore's store keeps its row (tests pass their own); call before first use. */
export function configureSearchSettings(io: SearchSettingsIo): void {
  configured = io;
}

/** The app's one search settings store, kept in the chat store's settings unless configured otherwise. */
export function getSearchSettingsStore(): SearchSettingsStore {
  instance ??= createSearchSettingsStore(configured ?? chatStoreSettings);
  return instance;
}

/** For tests: forgets the store and its configuration; `next`, if given, becomes the one returned. */
export function resetSearchSettings(next?: SearchSettingsStore): void {
  instance = next;
  configured = undefined;
}
