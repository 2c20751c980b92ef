import { parseModelRef } from './model-ref';

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

export interface ModelPreferencesOptions {
  load(key: string): Promise<unknown>;
  save(key: string, value: unknown): Promise<void>;
}

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
  const listeners = new Set<() => void>();
  let state: ModelPreferencesSnapshot = { status: 'loading', recentModels: [], titles: DEFAULT_TITLES };
  let touched = { recent: false, titles: false };
  let initialized: Promise<void> | undefined;
  let saving: Promise<void> = Promise.resolve();

  const setState = (patch: Partial<ModelPreferencesSnapshot>) => {
    state = { ...state, ...patch };
    for (const listener of [...listeners]) listener();
  };
  const persist = (key: string, value: unknown) => {
    // Failures are the chat store's to report; the choice stays in memory.
    saving = saving.then(() => options.save(key, value)).catch(() => {});
  };

  const load = async (kept: () => typeof touched) => {
    let recent: unknown;
    let titles: unknown;
    try {
      [recent, titles] = await Promise.all([options.load(RECENT_MODELS_KEY), options.load(TITLE_SETTINGS_KEY)]);
    } catch {
      // Unreadable settings: the defaults (the chat store reports the storage problem).
    }
    const keep = kept();
    setState({
      status: 'ready',
      ...(!keep.recent && { recentModels: readRecent(recent) }),
      ...(!keep.titles && { titles: readTitles(titles) }),
    });
  };
  // A choice made before the stored one arrived wins: it was made later.
  const init = () => (initialized ??= load(() => touched));

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getSnapshot: () => state,
    init,
    reload: () => saving.then(() => load(() => ({ recent: false, titles: false }))),
    noteUsed(ref) {
      if (!parseModelRef(ref) || state.recentModels[0] === ref) return;
      touched = { ...touched, recent: true };
      const recentModels = [ref, ...state.recentModels.filter((other) => other !== ref)].slice(0, RECENT_MODELS_MAX);
      setState({ recentModels });
      persist(RECENT_MODELS_KEY, recentModels);
    },
    setTitleSettings(patch) {
      touched = { ...touched, titles: true };
      const next = { ...state.titles, ...patch };
      const titles: TitleSettings = { generate: next.generate, ...(next.model && { model: next.model }) };
      setState({ titles });
      persist(TITLE_SETTINGS_KEY, titles);
    },
    flush: () => saving,
  };
}
