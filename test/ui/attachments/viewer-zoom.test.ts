import { describe, expect, it } from 'vitest';
import { clampZoom, FITTED, MAX_ZOOM, panBy, realZoomPercent, zoomAt, type ViewerBox } from '../../../src/ui/attachments/viewer-zoom';

// A 400×300 picture fitted in a 400×600 stage (a phone's, picture wider than tall).
const BOX: ViewerBox = { imageWidth: 400, imageHeight: 300, stageWidth: 400, stageHeight: 600 };

describe('clampZoom', () => {
  it.each([
    ['fitted stays fitted', { scale: 1, x: 30, y: 30 }, FITTED],
    ['below 1 is fitted', { scale: 0.5, x: 0, y: 0 }, FITTED],
    ['past the maximum is the maximum', { scale: 20, x: 0, y: 0 }, { scale: MAX_ZOOM, x: 0, y: 0 }],
    // At 2×: 800×600, so 200 px of slack each side across, none down (600 fills 600).
    ['pan within bounds is kept', { scale: 2, x: 150, y: 0 }, { scale: 2, x: 150, y: 0 }],
    ['pan past an edge stops at it', { scale: 2, x: 500, y: 80 }, { scale: 2, x: 200, y: 0 }],
    ['and on the other side', { scale: 2, x: -500, y: -80 }, { scale: 2, x: -200, y: 0 }],
    // At 4×: 1600×1200: 600 px across, 300 down.
    ['taller than the stage pans down too', { scale: 4, x: 0, y: 400 }, { scale: 4, x: 0, y: 300 }],
  ])('%s', (_name, state, expected) => {
    expect(clampZoom(state, BOX)).toEqual(expected);
  });
});

describe('zoomAt', () => {
  it('about the centre, the centre stays put', () => {
    expect(zoomAt(FITTED, 2, 0, 0, BOX)).toEqual({ scale: 2, x: 0, y: 0 });
  });

  it('about a point, that point of the picture stays under it', () => {
    // The point 100 px right of centre: at 2× the picture's centre moves 100 px left.
    const zoomed = zoomAt(FITTED, 2, 100, 0, BOX);
    expect(zoomed).toEqual({ scale: 2, x: -100, y: 0 });
    // The picture point under x=100 was 100 px from the centre at 1×, now (100 - (-100)) / 2 = 100.
    expect((100 - zoomed.x) / zoomed.scale).toBe(100);
  });

  it('back to 1 is fitted, wherever it was', () => {
    expect(zoomAt({ scale: 3, x: 120, y: 40 }, 1, 50, 50, BOX)).toEqual(FITTED);
  });

  it('never past the maximum', () => {
    expect(zoomAt({ scale: 6, x: 0, y: 0 }, 12, 0, 0, BOX).scale).toBe(MAX_ZOOM);
  });
});

describe('panBy', () => {
  it.each([
    [{ scale: 2, x: 0, y: 0 }, 50, 10, { scale: 2, x: 50, y: 0 }],
    [{ scale: 2, x: 190, y: 0 }, 50, 0, { scale: 2, x: 200, y: 0 }],
    [FITTED, 50, 50, FITTED],
  ])('%j by (%d, %d) is %j', (state, dx, dy, expected) => {
    expect(panBy(state, dx, dy, BOX)).toEqual(expected);
  });
});

describe('realZoomPercent', () => {
  it.each([
    ['a big photo fitted', 400, 4000, 1, 10],
    ['zoomed in twice', 400, 4000, 2.25, 23],
    ['a small picture at its own size', 300, 300, 1, 100],
    ['not laid out yet', 0, 4000, 1, undefined],
    ['not loaded yet', 400, 0, 1, undefined],
  ])('%s', (_name, fitted, natural, scale, expected) => {
    expect(realZoomPercent(fitted, natural, scale)).toBe(expected);
  });
});
