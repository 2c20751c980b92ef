/** A box in viewport coordinates, as `getBoundingClientRect()` returns it. */
export interface Box {
  readonly top: number;
  readonly left: number;
  readonly width: number;
  readonly height: number;
}

export interface Size {
  readonly width: number;
  readonly height: number;
}

/** Like Math.min(Math.max(...)), but when the range is empty the lower bound wins. */
export function clamp(value: number, min: number, max: number) {
  return Math.max(min, Math.min(value, max));
}
