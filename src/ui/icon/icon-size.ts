// The icon's width and height attributes: the size is the height; the width keeps the aspect ratio.

/** One line of text high, so icons sit naturally in text and buttons. */
export const DEFAULT_ICON_SIZE = '1em';
/** Three decimals: well below a pixel at any icon size, and short attributes. */
const PRECISION = 1e3;

const round = (value: number) => Math.round(value * PRECISION) / PRECISION;

/** Multiplies a CSS length: `"1em"` × 0.5 → `"0.5em"`, 24 × 0.5 → 12, anything else → `calc()`. */
export function scaleSize(size: string | number, factor: number): string | number {
  if (factor === 1) return size;
  if (typeof size === 'number') return round(size * factor);
  const match = /^(\d*\.?\d+)([a-z%]*)$/i.exec(size.trim());
  if (match) return `${round(Number(match[1]) * factor)}${match[2]}`;
  return `calc(${size} * ${round(factor)})`;
}

/** Width and height for an icon whose view box is `boxWidth` × `boxHeight`, `size` high. */
export function iconDimensions(
  size: string | number,
  boxWidth: number,
  boxHeight: number,
): { width: string | number; height: string | number } {
  return { width: scaleSize(size, boxWidth / boxHeight), height: size };
}
