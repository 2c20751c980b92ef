/**
 * Reads what a JPEG's headers say about it, without decoding a pixel: its stored size, its EXIF
 * orientation, and whether it carries EXIF or GPS tags at all (the re-encode must leave none).
 */

export interface JpegInfo {
  /** The stored (unrotated) size, from the frame header. */
  width?: number;
  height?: number;
  /** EXIF Orientation, 1–8; absent when the file has none. */
  orientation?: number;
  /** An APP1 `Exif` segment is present. */
  exif: boolean;
  /** Its first directory points at GPS tags. */
  gps: boolean;
}

const SOI = 0xd8;
const SOS = 0xda;
const APP1 = 0xe1;
/** Start-of-frame markers that hold the size (C4 DHT, C8 JPG and CC DAC share the range but are not frames). */
const FRAME_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
/** Markers that stand alone, with no length after them. */
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
const EXIF_HEADER = 'Exif\0\0';
const TAG_ORIENTATION = 0x0112;
const TAG_GPS_IFD = 0x8825;
/** One IFD entry: tag, type, count, value. */
const IFD_ENTRY_BYTES = 12;
const MAX_ORIENTATION = 8;

function readExif(view: DataView, start: number, end: number, info: JpegInfo) {
  const header = String.fromCharCode(...new Uint8Array(view.buffer, view.byteOffset + start, Math.min(6, end - start)));
  if (header !== EXIF_HEADER) return;
  info.exif = true;
  const tiff = start + EXIF_HEADER.length;
  if (tiff + 8 > end) return;
  const little = view.getUint16(tiff) === 0x4949;
  const ifd0 = tiff + view.getUint32(tiff + 4, little);
  if (ifd0 + 2 > end) return;
  const count = view.getUint16(ifd0, little);
  for (let i = 0; i < count; i++) {
    const entry = ifd0 + 2 + i * IFD_ENTRY_BYTES;
    if (entry + IFD_ENTRY_BYTES > end) return;
    const tag = view.getUint16(entry, little);
    if (tag === TAG_ORIENTATION) {
      const value = view.getUint16(entry + 8, little);
      if (value >= 1 && value <= MAX_ORIENTATION) info.orientation = value;
    } else if (tag === TAG_GPS_IFD) info.gps = true;
  }
}

/** What the headers of a JPEG say; undefined when the bytes are not a JPEG. */
export function readJpegInfo(bytes: Uint8Array): JpegInfo | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const info: JpegInfo = { exif: false, gps: false };
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return info;
    const marker = bytes[at + 1]!;
    // Fill bytes: any number of 0xFF may pad before a marker.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (isStandalone(marker)) {
      at += 2;
      continue;
    }
    if (marker === SOS) return info;
    const length = view.getUint16(at + 2);
    const end = Math.min(at + 2 + length, bytes.length);
    if (marker === APP1) readExif(view, at + 4, end, info);
    if (FRAME_MARKERS.has(marker) && at + 9 <= bytes.length) {
      info.height = view.getUint16(at + 5);
      info.width = view.getUint16(at + 7);
    }
    at += 2 + length;
  }
  return info;
}
