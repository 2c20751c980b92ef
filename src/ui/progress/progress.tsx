import type { ComponentPropsWithRef, CSSProperties } from 'react';
import { DEFAULT_PROGRESS_SIZE, PROGRESS_TRACK_PX, type ProgressSize } from './progress-sizes';
import { progressValue } from './progress-value';
import './progress.css';

/** The colours, as for buttons and toasts. */
export type ProgressColor = 'neutral' | 'primary' | 'success' | 'info' | 'warning' | 'error';

/** The colour used when none is given: progress is the app's own activity. */
export const DEFAULT_PROGRESS_COLOR: ProgressColor = 'primary';

export interface ProgressProps extends Omit<ComponentPropsWithRef<'div'>, 'children'> {
  /** How far along, in `max` units; null or undefined when unknown (an animated, indeterminate bar). */
  value?: number | null;
  max?: number;
  /** The accessible name ("Uploading file"); omit it when aria-labelledby names the bar. */
  label?: string;
  size?: ProgressSize;
  color?: ProgressColor;
}

/**
 * A progress bar (SPEC A6). One element: the track is the div, the indicator its ::after,
 * positioned by CSS from the --progress-percent this writes.
 */
export function Progress({
  value,
  max,
  label,
  size = DEFAULT_PROGRESS_SIZE,
  color = DEFAULT_PROGRESS_COLOR,
  className,
  style,
  ref,
  ...rest
}: ProgressProps) {
  const progress = progressValue(value, max);
  const geometry = {
    '--progress-height': `${PROGRESS_TRACK_PX[size]}px`,
    ...(progress.percent === null ? null : { '--progress-percent': progress.percent }),
  } as CSSProperties;

  return (
    <div
      role="progressbar"
      aria-label={label}
      {...rest}
      ref={ref}
      aria-valuemin={0}
      aria-valuemax={progress.max}
      aria-valuenow={progress.value ?? undefined}
      className={className ? `progress ${className}` : 'progress'}
      data-state={progress.state}
      data-size={size}
      data-color={color}
      style={{ ...geometry, ...style }}
    />
  );
}
