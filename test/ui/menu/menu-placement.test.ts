import { describe, expect, it } from 'vitest';
import { MENU_OFFSET_PX, MENU_VIEWPORT_PADDING_PX, placeMenu, type MenuPlacement, type MenuPlacementInput } from '../../../src/ui/menu';

const viewport = { width: 1024, height: 768 };
const menu = { width: 160, height: 120 };
const at = (left: number, top: number, width = 32, height = 32) => ({ left, top, width, height });

describe('placeMenu', () => {
  it('opens 4 px from the trigger and keeps 8 px inside the viewport by default', () => {
    expect(MENU_OFFSET_PX).toBe(4);
    expect(MENU_VIEWPORT_PADDING_PX).toBe(8);
  });

  it.each<[string, MenuPlacementInput, MenuPlacement]>([
    ['room below: under the trigger, start edges lined up', { trigger: at(100, 100), menu, viewport }, { x: 100, y: 136, side: 'bottom', maxHeight: 624 }],
    ['align end: right edges lined up', { trigger: at(500, 100), menu, viewport, align: 'end' }, { x: 372, y: 136, side: 'bottom', maxHeight: 624 }],
    // 768 - 8 - (604 + 32 + 4) = 120: exactly enough.
    ['exactly enough room below stays below', { trigger: at(100, 604), menu, viewport }, { x: 100, y: 640, side: 'bottom', maxHeight: 120 }],
    ['one pixel short below, more room above: flips up', { trigger: at(100, 605), menu, viewport }, { x: 100, y: 481, side: 'top', maxHeight: 593 }],
    ['near the bottom edge: above the trigger, 4 px over it', { trigger: at(100, 720), menu, viewport }, { x: 100, y: 596, side: 'top', maxHeight: 708 }],
    ['right edge: shifted left to stay 8 px inside', { trigger: at(1000, 100, 24), menu, viewport }, { x: 856, y: 136, side: 'bottom', maxHeight: 624 }],
    ['align end at the left edge: shifted right to stay 8 px inside', { trigger: at(0, 100), menu, viewport, align: 'end' }, { x: 8, y: 136, side: 'bottom', maxHeight: 624 }],
    ['wider than the viewport: the left padding wins', { trigger: at(50, 100), menu: { width: 400, height: 120 }, viewport: { width: 300, height: 768 } }, { x: 8, y: 136, side: 'bottom', maxHeight: 624 }],
    // Room below 160 - 8 - 68 = 84, above 32 - 4 - 8 = 20: stays below, limited to 84 px and scrolls.
    ['fits neither side, more room below: below with a max height', { trigger: at(100, 32, 32, 32), menu: { width: 160, height: 200 }, viewport: { width: 1024, height: 160 } }, { x: 100, y: 68, side: 'bottom', maxHeight: 84 }],
    // Room below 160 - 8 - 136 = 16, above 100 - 4 - 8 = 88: above, limited to 88 px, from the top padding.
    ['fits neither side, more room above: above with a max height', { trigger: at(100, 100, 32, 32), menu: { width: 160, height: 200 }, viewport: { width: 1024, height: 160 } }, { x: 100, y: 8, side: 'top', maxHeight: 88 }],
    ['equal room on both sides: below', { trigger: at(100, 364, 32, 40), menu: { width: 160, height: 400 }, viewport }, { x: 100, y: 408, side: 'bottom', maxHeight: 352 }],
    ['trigger scrolled above the viewport: pinned 8 px from the top, never taller than the viewport', { trigger: at(100, -100), menu: { width: 160, height: 1000 }, viewport }, { x: 100, y: 8, side: 'bottom', maxHeight: 752 }],
    ['custom offset and padding', { trigger: at(0, 100), menu, viewport, offset: 8, padding: 16 }, { x: 16, y: 140, side: 'bottom', maxHeight: 612 }],
  ])('%s', (_name, input, expected) => {
    expect(placeMenu(input)).toEqual(expected);
  });

  it.each([
    [{ left: 100, top: 100 }],
    [{ left: 900, top: 700 }],
    [{ left: -20, top: 300 }],
  ])('stays at least 8 px inside the viewport (trigger at %o)', ({ left, top }) => {
    const placed = placeMenu({ trigger: at(left, top), menu, viewport });
    const height = Math.min(menu.height, placed.maxHeight);
    expect(placed.x).toBeGreaterThanOrEqual(8);
    expect(placed.x + menu.width).toBeLessThanOrEqual(viewport.width - 8);
    expect(placed.y).toBeGreaterThanOrEqual(8);
    expect(placed.y + height).toBeLessThanOrEqual(viewport.height - 8);
  });
});
