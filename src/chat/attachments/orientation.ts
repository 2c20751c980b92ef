/**
 * EXIF orientation as canvas geometry. Browsers apply it when decoding
 * (createImageBitmap with imageOrientation 'from-image'); this is the fallback for one that
 * hands back the stored pixels instead, detected by comparing the decoded size with the header's.
 */

export interface Size {
  width: number;
  height: number;
}

/** Orientations 5–8 turn the picture a quarter: width and height trade places. */
export const swapsSides = (orientation: number | undefined) => orientation !== undefined && orientation >= 5 && orientation <= 8;

/** The size a viewer shows for stored pixels of `size` under `orientation`. */
export function orientedSize(size: Size, orientation: number | undefined): Size {
  return swapsSides(orientation) ? { width: size.height, height: size.width } : size;
}

/**
 * Whether a decoded picture still needs turning by hand: the file says to turn it a quarter,
 * its sides differ, yet the decoder gave back the stored size.
 */
export function needsManualOrientation(stored: Size, decoded: Size, orientation: number | undefined): boolean {
  if (!swapsSides(orientation) || stored.width === stored.height) return false;
  return decoded.width === stored.width && decoded.height === stored.height;
}

/** A canvas transform [a, b, c, d, e, f], as CanvasRenderingContext2D.setTransform takes it. */
export type Matrix = readonly [number, number, number, number, number, number];

/**
 * The transform that draws stored pixels (`width` × `height`, already scaled) upright on a
 * canvas of orientedSize: draw the image at (0, 0, width, height) under it.
 */
export function orientationMatrix(orientation: number | undefined, { width: w, height: h }: Size): Matrix {
  switch (orientation) {
    case 2: // mirrored
      return [-1, 0, 0, 1, w, 0];
    case 3: // upside down
      return [-1, 0, 0, -1, w, h];
    case 4: // mirrored upside down
      return [1, 0, 0, -1, 0, h];
    case 5: // mirrored, turned a quarter counter-clockwise
      return [0, 1, 1, 0, 0, 0];
    case 6: // turned a quarter counter-clockwise: turn it clockwise
      return [0, 1, -1, 0, h, 0];
    case 7: // mirrored, turned a quarter clockwise
      return [0, -1, -1, 0, h, w];
    case 8: // turned a quarter clockwise: turn it back
      return [0, -1, 1, 0, 0, w];
    default:
      return [1, 0, 0, 1, 0, 0];
  }
}

/** Where a point of the stored picture lands under a matrix (for tests and hit checks). */
export function applyMatrix([a, b, c, d, e, f]: Matrix, x: number, y: number): [number, number] {
  return [a * x + c * y + e, b * x + d * y + f];
}
