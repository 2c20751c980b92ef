/**
 * Attachments as stored: each one a row of its own object store (bytes included), referenced by
 * id from its message, whose row keeps only an AttachmentRef, so a chat list never reads bytes.
 * Every field is plain data or a Blob: rows are structured-cloned into IndexedDB.
 */

export type AttachmentKind = 'image' | 'text' | 'pdf';

interface AttachmentBase {
  id: string;
  kind: AttachmentKind;
  /** The file's name as the user chose it (shown, and given to the model in a file block). */
  name: string;
  /** The type of what is stored: a re-encoded image's, not the original file's. */
  mimeType: string;
  /**
   * The size shown: a picture's re-encoded bytes, a text file's UTF-8, a PDF's own file size (its
   * extracted text is counted apart, in tokens). storedBytes says what a row takes in storage.
   */
  size: number;
  /** Milliseconds since the epoch. */
  createdAt: number;
}

export interface ImageAttachment extends AttachmentBase {
  kind: 'image';
  /** After EXIF orientation and downscaling: what the model and the thread see. */
  width: number;
  height: number;
  /** The re-encoded bytes: no metadata (GPS, camera) survives the trip through a canvas. */
  blob: Blob;
}

export interface TextAttachment extends AttachmentBase {
  kind: 'text';
  text: string;
  /** The bytes were not UTF-8 and were read as Windows-1252: some characters may be wrong. */
  encodingWarning?: boolean;
  /** The file was longer than the text cap; only its start is kept. */
  truncated?: boolean;
}

export interface PdfAttachment extends AttachmentBase {
  kind: 'pdf';
  /** The text of every page, pages separated by a blank line. */
  text: string;
  pageCount: number;
  /** False when no page yields any text: a scan, which the UI says instead of sending nothing. */
  hasTextLayer: boolean;
  /** The user chose to send the pages as images (for a vision model) instead of their text. */
  asImages?: boolean;
  truncated?: boolean;
  /**
   * The PDF itself, kept so its pages can be drawn as images (pdfPagesAsImages) when the user
   * picks that on the chip; the store may drop it once the message went out as text.
   */
  source?: Blob;
}

export type Attachment = ImageAttachment | TextAttachment | PdfAttachment;

/** What a message row keeps of each attachment: enough to draw a chip or a placeholder, no bytes. */
export interface AttachmentRef {
  id: string;
  kind: AttachmentKind;
  name: string;
  size: number;
  mimeType: string;
  /** Images only: the stored size, so the thread reserves the thumbnail's box before the bytes load. */
  width?: number;
  height?: number;
}

/** What the attachment's row takes in storage: a PDF keeps its file and its extracted text. */
export function storedBytes(attachment: Attachment): number {
  return attachment.kind === 'pdf' ? attachment.size + new TextEncoder().encode(attachment.text).length : attachment.size;
}

/** The ref a message keeps for an attachment. */
export function attachmentRef(attachment: Attachment): AttachmentRef {
  const { id, kind, name, size, mimeType } = attachment;
  if (attachment.kind === 'image') return { id, kind, name, size, mimeType, width: attachment.width, height: attachment.height };
  return { id, kind, name, size, mimeType };
}
