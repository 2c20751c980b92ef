/** The avatar sizes, smallest first (SPEC A5). */
export const AVATAR_SIZES = ['3xs', '2xs', 'xs', 'sm', 'md', 'lg', 'xl', '2xl', '3xl'] as const;

export type AvatarSize = (typeof AVATAR_SIZES)[number];

/** The size used when none is given (SPEC A5). */
export const DEFAULT_AVATAR_SIZE: AvatarSize = 'md';

export interface AvatarMetrics {
  /** Width and height of the circle, in CSS pixels. */
  px: number;
  /** Font size of the fallback initials, in CSS pixels: always half the circle. */
  fontPx: number;
}

/** The exact pixel and font sizes from SPEC A5; the component writes them as CSS variables. */
export const AVATAR_METRICS: Readonly<Record<AvatarSize, AvatarMetrics>> = {
  '3xs': { px: 16, fontPx: 8 },
  '2xs': { px: 20, fontPx: 10 },
  xs: { px: 24, fontPx: 12 },
  sm: { px: 28, fontPx: 14 },
  md: { px: 32, fontPx: 16 },
  lg: { px: 36, fontPx: 18 },
  xl: { px: 40, fontPx: 20 },
  '2xl': { px: 44, fontPx: 22 },
  '3xl': { px: 48, fontPx: 24 },
};
