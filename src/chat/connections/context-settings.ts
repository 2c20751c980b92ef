import { parseModelRef } from './model-ref';

/**
 * Per-model context figures the user keeps (issue 24): the context length they set for a model,
 * which wins over what any server says (backed up), and the meter's calibration, the learnt
 * ratio of reported to estimated tokens (this browser's, not backed up). Outside React, written
 * behind through the connections' injected `save`, like model-preferences.ts.
 */

/** The settings row of the context lengths the user set, by model reference. */
export const MODEL_CONTEXTS_KEY = 'modelContexts';
/** The settings row of the meter's calibration, by model reference. */
export const CONTEXT_CALIBRATION_KEY = 'contextCalibration';
/** The largest context a user may set: beyond any model's, so a typo is refused rather than kept. */
export const MAX_USER_CONTEXT = 10_000_000;

export interface ContextSettingsSnapshot {
  readonly status: 'loading' | 'ready';
  readonly contexts: Readonly<Record<string, number>>;
  readonly calibration: Readonly<Record<string, number>>;
}

export interface ContextSettingsOptions {
  load(key: string): Promise<unknown>;
  save(key: string, value: unknown): Promise<void>;
}

export interface ContextSettings {
  subscribe(listener: () => void): () => void;
  getSnapshot(): ContextSettingsSnapshot;
  init(): Promise<void>;
  /** Sets (or, undefined, clears) the context the user gives `ref`. */
  setContext(ref: string, tokens: number | undefined): void;
  setCalibration(ref: string, ratio: number): void;
  reload(): Promise<void>;
  flush(): Promise<void>;
}

const validContext = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= MAX_USER_CONTEXT;
const validRatio = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;

/** A stored row as a record of model references to numbers, dropping whatever is not. */
function readRecord(value: unknown, valid: (value: unknown) => value is number): Record<string, number> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter(([ref, n]) => parseModelRef(ref) !== undefined && valid(n)));
}

export function createContextSettings(options: ContextSettingsOptions): ContextSettings {
  const listeners = new Set<() => void>();
  let state: ContextSettingsSnapshot = { status: 'loading', contexts: {}, calibration: {} };
  let touched = { contexts: false, calibration: false };
  let initialized: Promise<void> | undefined;
  let saving: Promise<void> = Promise.resolve();

  const setState = (patch: Partial<ContextSettingsSnapshot>) => {
    state = { ...state, ...patch };
    for (const listener of [...listeners]) listener();
  };
  const persist = (key: string, value: unknown) => {
    // Failures are the chat store's to report; the value stays in memory.
    saving = saving.then(() => options.save(key, value)).catch(() => {});
  };
  const load = async (kept: () => typeof touched) => {
    let contexts: unknown;
    let calibration: unknown;
    try {
      [contexts, calibration] = await Promise.all([options.load(MODEL_CONTEXTS_KEY), options.load(CONTEXT_CALIBRATION_KEY)]);
    } catch {
      // Unreadable settings: none (the chat store reports the storage problem).
    }
    const keep = kept();
    setState({
      status: 'ready',
      ...(!keep.contexts && { contexts: readRecord(contexts, validContext) }),
      ...(!keep.calibration && { calibration: readRecord(calibration, validRatio) }),
    });
  };
  const init = () => (initialized ??= load(() => touched));

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getSnapshot: () => state,
    init,
    reload: () => saving.then(() => load(() => ({ contexts: false, calibration: false }))),
    setContext(ref, tokens) {
      if (!parseModelRef(ref) || (tokens !== undefined && !validContext(tokens))) return;
      touched = { ...touched, contexts: true };
      const { [ref]: _, ...others } = state.contexts;
      const contexts = tokens === undefined ? others : { ...others, [ref]: tokens };
      setState({ contexts });
      persist(MODEL_CONTEXTS_KEY, contexts);
    },
    setCalibration(ref, ratio) {
      if (!parseModelRef(ref) || !validRatio(ratio) || state.calibration[ref] === ratio) return;
      touched = { ...touched, calibration: true };
      const calibration = { ...state.calibration, [ref]: ratio };
      setState({ calibration });
      persist(CONTEXT_CALIBRATION_KEY, calibration);
    },
    flush: () => saving,
  };
}
