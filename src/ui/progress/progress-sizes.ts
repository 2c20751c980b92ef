/** The progress bar sizes, thinnest first; the same names as buttons use (SPEC A7). */
export const PROGRESS_SIZES = ['xs', 'sm', 'md', 'lg', 'xl'] as const;

export type ProgressSize = (typeof PROGRESS_SIZES)[number];

/** The size used when none is given, as for buttons. */
export const DEFAULT_PROGRESS_SIZE: ProgressSize = 'md';

/**
 * Track heights in CSS pixels. xs is a hairline for toasts and page loading; xl is thick
 * enough to read a long upload's progress at a glance.
 */
export const PROGRESS_TRACK_PX: Readonly<Record<ProgressSize, number>> = {
  xs: 2,
  sm: 4,
  md: 8,
  lg: 12,
  xl: 16,
};
