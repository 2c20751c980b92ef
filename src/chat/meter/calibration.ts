/**
 * How far Parley's token estimate (characters / 4) is off for one model, learnt from the prompt
 * tokens its server reported: the meter multiplies what it estimates by this ratio, so estimates
 * improve with use. Smoothed, so one odd request does not swing it, and bounded, so a broken
 * report cannot make the meter absurd.
 */

/** The ratio never goes below this (an estimate halved at most)… */
export const CALIBRATION_MIN = 0.5;
/** …nor above this (doubled at most). */
export const CALIBRATION_MAX = 2;
/** Weight of a new sample against what was learnt before (an exponential moving average). */
export const CALIBRATION_WEIGHT = 0.3;
/** Requests smaller than this say more about the chat template's overhead than about the text: not learnt from. */
export const CALIBRATION_MIN_TOKENS = 200;

const clamp = (ratio: number) => Math.min(CALIBRATION_MAX, Math.max(CALIBRATION_MIN, ratio));

/** The ratio after one more request: `reported` prompt tokens for what Parley `estimated`. Unchanged for a sample too small or not a number. */
export function nextCalibration(previous: number | undefined, reported: number, estimated: number): number | undefined {
  if (!Number.isFinite(reported) || !Number.isFinite(estimated) || reported <= 0 || estimated < CALIBRATION_MIN_TOKENS) return previous;
  const sample = clamp(reported / estimated);
  if (previous === undefined || !Number.isFinite(previous)) return sample;
  return clamp(previous + CALIBRATION_WEIGHT * (sample - previous));
}

/** An estimate with the model's ratio applied (1 while nothing was learnt). */
export const calibratedTokens = (estimated: number, ratio: number | undefined): number =>
  Math.round(estimated * (ratio === undefined ? 1 : clamp(ratio)));
