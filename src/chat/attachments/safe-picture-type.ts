import type { Attachment } from './types';

/**
 * The one decision on what type a picture may be kept and shown with. A blob: URL carries the
 * app's origin and no CSP: opened as a document (a new tab, "Open image"), an SVG, HTML or XML
 * blob runs its script with access to this origin's IndexedDB (API keys). So a picture keeps
 * one of a few raster types that browsers only ever draw; any other declared type (an SVG from a
 * tool, text/html from a backup, `image/"><img …>` from a sync server) is kept as inert bytes
 * that no page renders and no blob URL of ours opens as a document.
 */

/** Raster formats a browser only draws, never runs: what the thread shows as a picture. */
const PICTURE_EXTENSIONS = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
  'image/bmp': 'bmp',
} as const;

export type SafePictureType = keyof typeof PICTURE_EXTENSIONS;

/** What bytes of any other type are kept as: a browser downloads it rather than render it. */
export const INERT_TYPE = 'application/octet-stream';
/** The extension a derived name gets for inert bytes: nothing that opens as a document. */
const INERT_EXTENSION = 'bin';
/** MIME types are short; anything longer is not one (and is not worth lower-casing). */
const MAX_TYPE_CHARS = 100;

/**
 * The type a picture is stored and shown with: its declared type when that is an allowlisted
 * raster type (case and parameters aside), else INERT_TYPE. Never the declared text itself.
 */
export function safePictureType(declared: unknown): SafePictureType | typeof INERT_TYPE {
  if (typeof declared !== 'string' || declared.length > MAX_TYPE_CHARS) return INERT_TYPE;
  const essence = declared.split(';')[0]!.trim().toLowerCase();
  return Object.hasOwn(PICTURE_EXTENSIONS, essence) ? (essence as SafePictureType) : INERT_TYPE;
}

/** Whether the declared type is one the thread may show as a picture. */
export const isSafePictureType = (declared: unknown): boolean => safePictureType(declared) !== INERT_TYPE;

/** The file extension for a picture of this declared type (`bin` for anything not allowlisted). */
export function pictureExtension(declared: unknown): string {
  const type = safePictureType(declared);
  return type === INERT_TYPE ? INERT_EXTENSION : PICTURE_EXTENSIONS[type];
}

/** The bytes under the safe type: a new Blob only when the stored one's type differs. */
function retyped(blob: Blob, type: string): Blob {
  return blob.type === type ? blob : new Blob([blob], { type });
}

/**
 * The type for bytes declared as `declared` whose Blob says `blobType`: both must be allowlisted
 * (an untyped Blob defers to the declaration), or the bytes are inert.
 */
function keptType(declared: unknown, blobType: string): SafePictureType | typeof INERT_TYPE {
  const type = safePictureType(declared);
  return blobType === '' || isSafePictureType(blobType) ? type : INERT_TYPE;
}

/**
 * A picture ready for an object URL, or undefined when it must not be shown as one (rows written
 * by older versions kept whatever type they were given, so this is checked again when shown).
 */
export function displayablePicture(blob: Blob | undefined, declared: unknown): Blob | undefined {
  if (!(blob instanceof Blob)) return undefined;
  const type = keptType(declared, blob.type);
  return type === INERT_TYPE ? undefined : retyped(blob, type);
}

const PDF_TYPE = 'application/pdf';

/**
 * The row as it may be stored: a picture's type (field and blob) made safe, a PDF's kept file
 * typed as a PDF. Every path that stores rows (attach, tool results, restore, sync, import)
 * writes through this, so no row keeps an active document type.
 */
export function safeStoredAttachment<T extends Attachment>(row: T): T {
  if (row.kind === 'image') {
    const blob: unknown = row.blob;
    if (!(blob instanceof Blob)) return { ...row, mimeType: INERT_TYPE, blob: new Blob([], { type: INERT_TYPE }) };
    const kept = keptType(row.mimeType, blob.type);
    if (kept === row.mimeType && blob.type === kept) return row;
    return { ...row, mimeType: kept, blob: retyped(blob, kept) };
  }
  if (row.kind === 'pdf' && row.source instanceof Blob && row.source.type !== PDF_TYPE) {
    return { ...row, source: retyped(row.source, PDF_TYPE) };
  }
  return row;
}
