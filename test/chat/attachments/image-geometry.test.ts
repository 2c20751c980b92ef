// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fitWithin, hasTransparency, mayHaveAlpha, outputTypeFor } from '../../../src/chat/attachments/image';
import { readJpegInfo } from '../../../src/chat/attachments/jpeg-info';
import { applyMatrix, needsManualOrientation, orientationMatrix, orientedSize } from '../../../src/chat/attachments/orientation';
import { fixture } from './fixtures';

describe('fitWithin', () => {
  it.each([
    [{ width: 3000, height: 2000 }, 2048, { width: 2048, height: 1365 }],
    [{ width: 2000, height: 3000 }, 2048, { width: 1365, height: 2048 }],
    [{ width: 800, height: 600 }, 2048, { width: 800, height: 600 }],
    [{ width: 2048, height: 2048 }, 2048, { width: 2048, height: 2048 }],
    [{ width: 10000, height: 3 }, 1000, { width: 1000, height: 1 }],
  ])('%o within %i is %o (never enlarged, at least a pixel)', (size, max, expected) => {
    expect(fitWithin(size, max)).toEqual(expected);
  });
});

describe('output format', () => {
  it.each([
    ['image/jpeg', false, 'image/jpeg'],
    ['image/heic', false, 'image/jpeg'],
    ['image/webp', false, 'image/jpeg'],
    ['image/webp', true, 'image/png'],
    ['image/png', false, 'image/png'],
    ['image/gif', false, 'image/png'],
    ['image/avif', true, 'image/png'],
  ])('%s (transparent: %s) becomes %s', (source, alpha, out) => {
    expect(outputTypeFor(source, alpha)).toBe(out);
  });

  it('looks for transparency only where a format can hold it', () => {
    expect(mayHaveAlpha('image/jpeg')).toBe(false);
    expect(mayHaveAlpha('image/webp')).toBe(true);
  });

  it('finds a single pixel that is not fully opaque', () => {
    const opaque = new Uint8ClampedArray([1, 2, 3, 255, 4, 5, 6, 255]);
    expect(hasTransparency(opaque)).toBe(false);
    expect(hasTransparency(new Uint8ClampedArray([1, 2, 3, 255, 4, 5, 6, 254]))).toBe(true);
  });
});

describe('orientation', () => {
  const stored = { width: 300, height: 200 };

  it('turns the size a quarter for orientations 5–8 only', () => {
    expect(orientedSize(stored, 6)).toEqual({ width: 200, height: 300 });
    expect(orientedSize(stored, 8)).toEqual({ width: 200, height: 300 });
    expect(orientedSize(stored, 3)).toEqual(stored);
    expect(orientedSize(stored, undefined)).toEqual(stored);
  });

  it('turns by hand only when the decoder handed back the stored size', () => {
    expect(needsManualOrientation(stored, { width: 200, height: 300 }, 6)).toBe(false);
    expect(needsManualOrientation(stored, stored, 6)).toBe(true);
    expect(needsManualOrientation(stored, stored, 1)).toBe(false);
    // A square looks the same either way round: no telling, so no second turn.
    expect(needsManualOrientation({ width: 5, height: 5 }, { width: 5, height: 5 }, 6)).toBe(false);
  });

  // Where the stored picture's top-left and top-right corners land on the upright canvas.
  it.each([
    [1, [0, 0], [300, 0]],
    [2, [300, 0], [0, 0]],
    [3, [300, 200], [0, 200]],
    [4, [0, 200], [300, 200]],
    [5, [0, 0], [0, 300]],
    [6, [200, 0], [200, 300]],
    [7, [200, 300], [200, 0]],
    [8, [0, 300], [0, 0]],
  ])('orientation %i puts the top-left corner at %o and the top-right at %o', (orientation, topLeft, topRight) => {
    const matrix = orientationMatrix(orientation, stored);
    expect(applyMatrix(matrix, 0, 0)).toEqual(topLeft);
    expect(applyMatrix(matrix, 300, 0)).toEqual(topRight);
  });
});

describe('readJpegInfo', () => {
  it('reads the fixture photo: stored 3000×2000, Orientation 6, EXIF with GPS', () => {
    expect(readJpegInfo(fixture('photo-exif-rotated.jpg'))).toEqual({ width: 3000, height: 2000, orientation: 6, exif: true, gps: true });
  });

  it('finds no EXIF in a JPEG without it, and declines bytes that are not a JPEG', () => {
    const photo = fixture('photo-exif-rotated.jpg');
    // Cut the APP1 segment out: what a re-encode through a canvas leaves.
    const app0End = 4 + ((photo[4]! << 8) | photo[5]!);
    const app1Length = 2 + ((photo[app0End + 2]! << 8) | photo[app0End + 3]!);
    const stripped = new Uint8Array([...photo.subarray(0, app0End), ...photo.subarray(app0End + app1Length)]);
    expect(readJpegInfo(stripped)).toEqual({ width: 3000, height: 2000, exif: false, gps: false });
    expect(readJpegInfo(fixture('transparent.png'))).toBeUndefined();
  });
});
