export { Progress, DEFAULT_PROGRESS_COLOR } from './progress';
export type { ProgressColor, ProgressProps } from './progress';
export { DEFAULT_PROGRESS_MAX, FULL_PERCENT, progressValue } from './progress-value';
export type { ProgressState, ProgressValue } from './progress-value';
export { DEFAULT_PROGRESS_SIZE, PROGRESS_SIZES, PROGRESS_TRACK_PX } from './progress-sizes';
export type { ProgressSize } from './progress-sizes';
