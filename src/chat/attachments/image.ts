import { readJpegInfo } from './jpeg-info';
import { needsManualOrientation, orientationMatrix, orientedSize, type Size } from './orientation';

/**
 * Images are re-encoded through a canvas before anything stores or sends them: scaled to fit the
 * long side, turned upright by their EXIF orientation, and written anew, so no metadata (GPS
 * position, camera serial, capture time) survives. Output: JPEG for photographs; PNG for PNG and
 * GIF sources (screenshots and drawings stay crisp; a GIF keeps its first frame) and for any
 * picture with a transparent pixel, unless such a PNG comes out heavy and has no transparency.
 */

/** Good enough that text in a photographed page stays legible, at about a tenth of PNG's bytes. */
export const JPEG_QUALITY = 0.85;
/** A PNG without transparency above this is re-encoded as JPEG: a photograph saved as PNG. */
export const MAX_OPAQUE_PNG_BYTES = 2 * 1024 * 1024;
/** Alpha below this (of 255) counts as transparent; PNGs saved by editors often carry 254s. */
const OPAQUE_ALPHA = 255;

export type ImageOutputType = 'image/jpeg' | 'image/png';

/** Sources that keep PNG: lossless screenshots and drawings, and a GIF's first frame. */
const LOSSLESS_SOURCES = new Set(['image/png', 'image/gif']);
/** Sources that may hold transparency, so their pixels are looked at. */
const ALPHA_SOURCES = new Set(['image/png', 'image/gif', 'image/webp', 'image/avif', 'image/bmp']);

/** `size` scaled to fit `maxLongSide` (never enlarged), whole pixels, at least 1. */
export function fitWithin({ width, height }: Size, maxLongSide: number): Size {
  const scale = Math.min(1, maxLongSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The format to write a picture in, from its source type and whether any pixel is transparent. */
export function outputTypeFor(sourceType: string, hasAlpha: boolean): ImageOutputType {
  return LOSSLESS_SOURCES.has(sourceType) || hasAlpha ? 'image/png' : 'image/jpeg';
}

/** Whether the source type can carry transparency at all (else its pixels need no scan). */
export const mayHaveAlpha = (sourceType: string) => ALPHA_SOURCES.has(sourceType);

/** Whether RGBA pixel data has a pixel that is not fully opaque. */
export function hasTransparency(rgba: Uint8ClampedArray): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i]! < OPAQUE_ALPHA) return true;
  return false;
}

export interface ProcessedImage {
  blob: Blob;
  mimeType: ImageOutputType;
  width: number;
  height: number;
}

/** The picture could not be decoded (a HEIC in a browser without the codec, a broken file). */
export class ImageDecodeError extends Error {
  override readonly name = 'ImageDecodeError';
  readonly code = 'image-undecodable';
}

/** Whether this realm can re-encode images off-screen (a worker, or a page, of a modern browser). */
export const canProcessImages = () => typeof createImageBitmap === 'function' && typeof OffscreenCanvas === 'function';

async function decode(blob: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(blob, { imageOrientation: 'from-image' });
  } catch (cause) {
    throw new ImageDecodeError('The browser could not decode this image', { cause });
  }
}

/** The stored size and orientation a JPEG declares (other formats carry no orientation we read). */
async function jpegHeader(blob: Blob, sourceType: string) {
  /** The headers sit at the start; EXIF is at most 64 KiB, so this is plenty. */
  const HEADER_BYTES = 128 * 1024;
  if (sourceType !== 'image/jpeg') return undefined;
  return readJpegInfo(new Uint8Array(await blob.slice(0, HEADER_BYTES).arrayBuffer()));
}

/**
 * Scales, turns upright and re-encodes one image (in a worker, or on the page as a fallback).
 * `sourceType` is the file's real type when the Blob's is empty or wrong (the browser guesses it).
 */
export async function processImage(blob: Blob, maxLongSide: number, sourceType = blob.type): Promise<ProcessedImage> {
  const [bitmap, header] = await Promise.all([decode(blob), jpegHeader(blob, sourceType)]);
  try {
    const decoded = { width: bitmap.width, height: bitmap.height };
    const stored = header?.width && header.height ? { width: header.width, height: header.height } : decoded;
    const manual = needsManualOrientation(stored, decoded, header?.orientation);
    const upright = manual ? orientedSize(decoded, header?.orientation) : decoded;
    const out = fitWithin(upright, maxLongSide);
    const canvas = new OffscreenCanvas(out.width, out.height);
    const context = canvas.getContext('2d');
    if (!context) throw new ImageDecodeError('No 2D canvas to re-encode the image');
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    if (manual) {
      const drawn = orientedSize(out, header?.orientation);
      context.setTransform(...orientationMatrix(header?.orientation, drawn));
      context.drawImage(bitmap, 0, 0, drawn.width, drawn.height);
      context.setTransform(1, 0, 0, 1, 0, 0);
    } else context.drawImage(bitmap, 0, 0, out.width, out.height);
    const alpha = mayHaveAlpha(sourceType) && hasTransparency(context.getImageData(0, 0, out.width, out.height).data);
    let type = outputTypeFor(sourceType, alpha);
    let encoded = await canvas.convertToBlob({ type, quality: JPEG_QUALITY });
    if (type === 'image/png' && !alpha && encoded.size > MAX_OPAQUE_PNG_BYTES) {
      type = 'image/jpeg';
      encoded = await canvas.convertToBlob({ type, quality: JPEG_QUALITY });
    }
    return { blob: encoded, mimeType: type, ...out };
  } finally {
    bitmap.close();
  }
}
