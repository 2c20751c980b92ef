import { clamp, type Box, type Size } from '../../lib/geometry';

/** Gap between the trigger and the menu: close enough to read as attached, apart enough to show the trigger's focus ring. */
export const MENU_OFFSET_PX = 4;
/** Distance kept between the menu and every viewport edge, so it never touches the screen edge. */
export const MENU_VIEWPORT_PADDING_PX = 8;

/** Which side of the trigger the menu opens on. */
export type MenuSide = 'bottom' | 'top';
/** Which edge of the trigger the menu lines up with: its left (`start`) or its right (`end`). */
export type MenuAlign = 'start' | 'end';

export type { Box, Size } from '../../lib/geometry';

export interface MenuPlacementInput {
  readonly trigger: Box;
  /** The menu's natural size (before any max-height). */
  readonly menu: Size;
  readonly viewport: Size;
  readonly align?: MenuAlign;
  readonly offset?: number;
  readonly padding?: number;
}

export interface MenuPlacement {
  /** The menu's top-left corner in viewport coordinates (it is `position: fixed`). */
  readonly x: number;
  readonly y: number;
  readonly side: MenuSide;
  /** The height available on that side; a taller menu scrolls. */
  readonly maxHeight: number;
}

/**
 * Where a dropdown menu goes: below the trigger, `offset` px away, lined up with its start or
 * end edge; above it when the menu doesn't fit below and there is more room above; shifted
 * (and if need be limited in height) to stay `padding` px inside the viewport.
 */
export function placeMenu({
  trigger,
  menu,
  viewport,
  align = 'start',
  offset = MENU_OFFSET_PX,
  padding = MENU_VIEWPORT_PADDING_PX,
}: MenuPlacementInput): MenuPlacement {
  const below = trigger.top + trigger.height + offset;
  const roomBelow = viewport.height - padding - below;
  const roomAbove = trigger.top - offset - padding;
  const side: MenuSide = menu.height <= roomBelow || roomBelow >= roomAbove ? 'bottom' : 'top';
  // Never taller than the padded viewport, even for a trigger scrolled partly out of view.
  const maxHeight = Math.max(0, Math.min(side === 'bottom' ? roomBelow : roomAbove, viewport.height - 2 * padding));
  const height = Math.min(menu.height, maxHeight);

  const preferredY = side === 'bottom' ? below : trigger.top - offset - height;
  const y = clamp(preferredY, padding, viewport.height - padding - height);
  const preferredX = align === 'start' ? trigger.left : trigger.left + trigger.width - menu.width;
  const x = clamp(preferredX, padding, viewport.width - padding - menu.width);
  return { x, y, side, maxHeight };
}
