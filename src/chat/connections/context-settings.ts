import { parseModelRef } from './model-ref';
import { createSettingRows, type SettingRowsOptions } from './setting-rows';

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

export type ContextSettingsOptions = SettingRowsOptions;

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
  const rows = createSettingRows<Omit<ContextSettingsSnapshot, 'status'>>(
    options,
    { contexts: {}, calibration: {} },
    {
      contexts: { key: MODEL_CONTEXTS_KEY, read: (value) => readRecord(value, validContext) },
      calibration: { key: CONTEXT_CALIBRATION_KEY, read: (value) => readRecord(value, validRatio) },
    },
  );
  return {
    subscribe: rows.subscribe,
    getSnapshot: rows.getSnapshot,
    init: rows.init,
    reload: rows.reload,
    setContext(ref, tokens) {
      if (!parseModelRef(ref) || (tokens !== undefined && !validContext(tokens))) return;
      const { [ref]: _, ...others } = rows.getSnapshot().contexts;
      rows.set('contexts', tokens === undefined ? others : { ...others, [ref]: tokens });
    },
    setCalibration(ref, ratio) {
      const { calibration } = rows.getSnapshot();
      if (!parseModelRef(ref) || !validRatio(ratio) || calibration[ref] === ratio) return;
      rows.set('calibration', { ...calibration, [ref]: ratio });
    },
    flush: rows.flush,
  };
}
