import { parseModelRef } from './model-ref';
import { createSettingRows, type SettingRowsOptions } from './setting-rows';

/**
 * What the user prefers about models, beside the connections themselves: the models used lately
 * (the picker lists them first) and how chats get their titles. Outside React, like the
 * connections store, and written behind through the same injected `save`.
 */

/** The settings keys this store reads and writes. */
export const RECENT_MODELS_KEY = 'recentModels';
export const TITLE_SETTINGS_KEY = 'titleSettings';
/** How many recently used models the picker's "Recent" group keeps: a short list to scan, not a history. */
export const RECENT_MODELS_MAX = 5;

export interface TitleSettings {
  /** Off: a chat keeps the first line of its first message as its title (no request is made). */
  readonly generate: boolean;
  /** A model reference for title requests; unset: the chat's own model. */
  readonly model?: string;
}

export interface ModelPreferencesSnapshot {
  readonly status: 'loading' | 'ready';
  /** Model references, most recent first. */
  readonly recentModels: readonly string[];
  readonly titles: TitleSettings;
}

export type ModelPreferencesOptions = SettingRowsOptions;

export interface ModelPreferences {
  subscribe(listener: () => void): () => void;
  getSnapshot(): ModelPreferencesSnapshot;
  init(): Promise<void>;
  /** A model was picked: it moves to the front of the recent ones. */
  noteUsed(ref: string): void;
  setTitleSettings(patch: Partial<TitleSettings>): void;
  /** Reads both settings again (a restore stored them): what is stored now is what shows. */
  reload(): Promise<void>;
  flush(): Promise<void>;
}

const DEFAULT_TITLES: TitleSettings = Object.freeze({ generate: true });

function readRecent(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter((ref): ref is string => parseModelRef(typeof ref === 'string' ? ref : undefined) !== undefined).slice(0, RECENT_MODELS_MAX);
}

function readTitles(value: unknown): TitleSettings {
  if (typeof value !== 'object' || value === null) return DEFAULT_TITLES;
  const { generate, model } = value as Record<string, unknown>;
  return { generate: generate !== false, ...(typeof model === 'string' && parseModelRef(model) && { model }) };
}

export function createModelPreferences(options: ModelPreferencesOptions): ModelPreferences {
  const rows = createSettingRows<Omit<ModelPreferencesSnapshot, 'status'>>(
    options,
    { recentModels: [], titles: DEFAULT_TITLES },
    { recentModels: { key: RECENT_MODELS_KEY, read: readRecent }, titles: { key: TITLE_SETTINGS_KEY, read: readTitles } },
  );
  return {
    subscribe: rows.subscribe,
    getSnapshot: rows.getSnapshot,
    init: rows.init,
    reload: rows.reload,
    noteUsed(ref) {
      const { recentModels } = rows.getSnapshot();
      if (!parseModelRef(ref) || recentModels[0] === ref) return;
      rows.set('recentModels', [ref, ...recentModels.filter((other) => other !== ref)].slice(0, RECENT_MODELS_MAX));
    },
    setTitleSettings(patch) {
      const next = { ...rows.getSnapshot().titles, ...patch };
      rows.set('titles', { generate: next.generate, ...(next.model && { model: next.model }) });
    },
    flush: rows.flush,
  };
}
