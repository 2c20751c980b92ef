import { describe, expect, it } from 'vitest';
import { placeTooltip, TOOLTIP_OFFSET_PX, TOOLTIP_VIEWPORT_PADDING_PX, type PlacementInput } from '../../../src/ui/tooltip/placement';

const viewport = { width: 1024, height: 768 };
const tooltip = { width: 100, height: 30 };
const at = (left: number, top: number, width = 40, height = 20) => ({ left, top, width, height });

describe('placeTooltip', () => {
  it('uses an 8 px offset and keeps 8 px inside the viewport by default', () => {
    expect(TOOLTIP_OFFSET_PX).toBe(8);
    expect(TOOLTIP_VIEWPORT_PADDING_PX).toBe(8);
  });

  it.each<[string, PlacementInput, { x: number; y: number; side: string; arrowX: number }]>([
    ['room below: centred, 8 px under the trigger', { trigger: at(500, 100), tooltip, viewport }, { x: 470, y: 128, side: 'bottom', arrowX: 50 }],
    ['exactly enough room below still stays below', { trigger: at(500, 702), tooltip, viewport }, { x: 470, y: 730, side: 'bottom', arrowX: 50 }],
    ['no room below: flips above, 8 px over the trigger', { trigger: at(500, 703), tooltip, viewport }, { x: 470, y: 665, side: 'top', arrowX: 50 }],
    ['preferred top with room stays on top', { trigger: at(500, 100), tooltip, viewport, side: 'top' }, { x: 470, y: 62, side: 'top', arrowX: 50 }],
    ['preferred top without room flips below', { trigger: at(500, 20), tooltip, viewport, side: 'top' }, { x: 470, y: 48, side: 'bottom', arrowX: 50 }],
    ['right edge: shifts left, the arrow still points at the trigger', { trigger: at(950, 100), tooltip, viewport }, { x: 916, y: 128, side: 'bottom', arrowX: 54 }],
    ['right edge: the arrow stops short of the rounded corner', { trigger: at(1004, 100, 20), tooltip, viewport }, { x: 916, y: 128, side: 'bottom', arrowX: 92 }],
    ['left edge: shifts right', { trigger: at(10, 100), tooltip, viewport }, { x: 8, y: 128, side: 'bottom', arrowX: 22 }],
    ['left edge: the arrow stops short of the rounded corner', { trigger: at(0, 100, 4), tooltip, viewport }, { x: 8, y: 128, side: 'bottom', arrowX: 8 }],
    ['wider than the viewport: clamped to the left padding', { trigger: at(100, 100), tooltip: { width: 400, height: 30 }, viewport: { width: 300, height: 768 } }, { x: 8, y: 128, side: 'bottom', arrowX: 112 }],
    ['neither side fits, tie: preferred side, clamped inside', { trigger: at(500, 40), tooltip: { width: 100, height: 50 }, viewport: { width: 1024, height: 100 } }, { x: 470, y: 42, side: 'bottom', arrowX: 50 }],
    ['neither side fits: the roomier side, clamped inside', { trigger: at(500, 60), tooltip: { width: 100, height: 50 }, viewport: { width: 1024, height: 100 } }, { x: 470, y: 8, side: 'top', arrowX: 50 }],
    ['custom offset and padding', { trigger: at(0, 100), tooltip, viewport, offset: 4, padding: 16 }, { x: 16, y: 124, side: 'bottom', arrowX: 8 }],
  ])('%s', (_name, input, expected) => {
    expect(placeTooltip(input)).toEqual(expected);
  });
});
