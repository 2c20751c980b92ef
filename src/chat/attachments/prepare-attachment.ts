import { newId } from '../../lib/ids';
import { ImageDecodeError } from './image';
import type { ImageProcessor } from './image-client';
import { classifyFile, imageMaxLongSide, type RefusalCode } from './limits';
import { extractPdfText, PdfError, type PdfErrorCode } from './pdf';
import { NotTextError, readTextFile } from './text-file';
import type { Attachment } from './types';

/**
 * A File, as the composer receives it, turned into the Attachment that is stored and sent: a
 * picture re-encoded, a text file decoded, a PDF's text extracted. Every failure is an
 * AttachmentError whose code the UI turns into a sentence naming the file.
 */

export type AttachmentErrorCode = RefusalCode | PdfErrorCode | 'image-undecodable' | 'not-text';

export class AttachmentError extends Error {
  override readonly name = 'AttachmentError';
  constructor(
    readonly code: AttachmentErrorCode,
    readonly fileName: string,
    options?: ErrorOptions,
  ) {
    super(`${fileName}: ${code}`, options);
  }
}

export interface PrepareOptions {
  images: ImageProcessor;
  /** The image long-side setting (DEFAULT_IMAGE_MAX_LONG_SIDE when unset). */
  imageMaxLongSide?: number;
  /** pdf.js's worker script, as the build emits it. */
  pdfWorkerUrl?: string;
  signal?: AbortSignal;
  now?: () => number;
}

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/** What a text file or a PDF's text is stored as: never its original type (an SVG stays text). */
const TEXT_MIME_TYPE = 'text/plain';
const PDF_MIME_TYPE = 'application/pdf';

const codeOf = (error: unknown): AttachmentErrorCode | undefined =>
  error instanceof ImageDecodeError || error instanceof NotTextError || error instanceof PdfError ? error.code : undefined;

export async function prepareAttachment(file: File, options: PrepareOptions): Promise<Attachment> {
  const verdict = classifyFile(file);
  if ('refused' in verdict) throw new AttachmentError(verdict.refused, file.name);
  const base = { id: newId(), name: file.name, createdAt: (options.now ?? Date.now)() };
  try {
    switch (verdict.kind) {
      case 'image': {
        const image = await options.images.process(file, imageMaxLongSide(options.imageMaxLongSide), file.type);
        return { ...base, kind: 'image', mimeType: image.mimeType, size: image.blob.size, width: image.width, height: image.height, blob: image.blob };
      }
      case 'text': {
        const decoded = await readTextFile(file);
        return { ...base, kind: 'text', mimeType: TEXT_MIME_TYPE, size: utf8Bytes(decoded.text), ...decoded };
      }
      case 'pdf': {
        const pdf = await extractPdfText(file, { workerUrl: options.pdfWorkerUrl, signal: options.signal });
        return { ...base, kind: 'pdf', mimeType: PDF_MIME_TYPE, size: file.size, ...pdf, source: file };
      }
    }
  } catch (error) {
    const code = codeOf(error);
    if (code) throw new AttachmentError(code, file.name, { cause: error });
    throw error;
  }
}
