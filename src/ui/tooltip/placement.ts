import { clamp, type Box, type Size } from '../../lib/geometry';

/** Gap between the trigger and the bubble, so the tooltip never covers what it describes. */
export const TOOLTIP_OFFSET_PX = 8;
/** Distance kept between the bubble and every viewport edge, so it never touches the screen edge. */
export const TOOLTIP_VIEWPORT_PADDING_PX = 8;
/** How close the arrow may come to the bubble's ends, so it stays clear of the rounded corners. */
export const TOOLTIP_ARROW_INSET_PX = 8;

export type TooltipSide = 'bottom' | 'top';

export type { Box, Size } from '../../lib/geometry';

export interface PlacementInput {
  readonly trigger: Box;
  /** The bubble's untransformed size (offsetWidth/offsetHeight: the open animation scales it). */
  readonly tooltip: Size;
  readonly viewport: Size;
  /** The preferred side; the other one is used when only it has room. */
  readonly side?: TooltipSide;
  readonly offset?: number;
  readonly padding?: number;
}

export interface TooltipPlacement {
  /** The bubble's top-left corner in viewport coordinates (it is `position: fixed`). */
  readonly x: number;
  readonly y: number;
  readonly side: TooltipSide;
  /** Where the arrow points, measured from the bubble's left edge: the trigger's centre. */
  readonly arrowX: number;
}

/**
 * Where a tooltip goes: centred on the preferred side of the trigger, `offset` px away;
 * flipped to the other side when only that side has room; shifted along the edge, and if
 * need be clamped, to stay `padding` px inside the viewport.
 */
export function placeTooltip({
  trigger,
  tooltip,
  viewport,
  side = 'bottom',
  offset = TOOLTIP_OFFSET_PX,
  padding = TOOLTIP_VIEWPORT_PADDING_PX,
}: PlacementInput): TooltipPlacement {
  const yOn = (s: TooltipSide) =>
    s === 'bottom' ? trigger.top + trigger.height + offset : trigger.top - offset - tooltip.height;
  // The free height between the bubble's near edge and the padded viewport edge.
  const roomOn = (s: TooltipSide) =>
    s === 'bottom' ? viewport.height - padding - (trigger.top + trigger.height + offset) : trigger.top - offset - padding;
  const other: TooltipSide = side === 'bottom' ? 'top' : 'bottom';
  const fits = (s: TooltipSide) => roomOn(s) >= tooltip.height;

  // Neither side fits: take the roomier one (the preferred on a tie); the clamp below keeps it on screen.
  const used = fits(side) || (!fits(other) && roomOn(side) >= roomOn(other)) ? side : other;

  const y = clamp(yOn(used), padding, viewport.height - padding - tooltip.height);
  const centre = trigger.left + trigger.width / 2;
  const x = clamp(centre - tooltip.width / 2, padding, viewport.width - padding - tooltip.width);
  const inset = Math.min(TOOLTIP_ARROW_INSET_PX, tooltip.width / 2);
  const arrowX = clamp(centre - x, inset, tooltip.width - inset);
  return { x, y, side: used, arrowX };
}
