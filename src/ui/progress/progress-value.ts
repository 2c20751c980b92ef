/** The `max` used when none (or an unusable one) is given (SPEC A6). */
export const DEFAULT_PROGRESS_MAX = 100;

/** A whole bar, in percent. */
export const FULL_PERCENT = 100;

/** No value is indeterminate; a value short of `max` is loading; reaching `max` is complete. */
export type ProgressState = 'indeterminate' | 'loading' | 'complete';

export interface ProgressValue {
  /** The value clamped to 0…max, in `max` units (what aria-valuenow reports); null when indeterminate. */
  value: number | null;
  /** The `max` actually used. */
  max: number;
  /** How full the bar is, 0…100; null when indeterminate. */
  percent: number | null;
  state: ProgressState;
}

/** A max of zero, a negative one, NaN or Infinity cannot scale a bar: fall back to the default. */
function usableMax(max: number | null | undefined): number {
  return typeof max === 'number' && Number.isFinite(max) && max > 0 ? max : DEFAULT_PROGRESS_MAX;
}

/**
 * Clamps a progress value to 0…max and works out the bar's fill and state (SPEC A6).
 * null, undefined and NaN mean "unknown": an indeterminate bar rather than an empty one.
 */
export function progressValue(value: number | null | undefined, max?: number | null): ProgressValue {
  const limit = usableMax(max);
  if (value === null || value === undefined || Number.isNaN(value)) {
    return { value: null, max: limit, percent: null, state: 'indeterminate' };
  }
  const clamped = Math.min(Math.max(value, 0), limit);
  const percent = (clamped / limit) * FULL_PERCENT;
  return { value: clamped, max: limit, percent, state: percent === FULL_PERCENT ? 'complete' : 'loading' };
}
