import { JPEG_QUALITY, type ProcessedImage } from './image';
import { MAX_PDF_PAGES_AS_IMAGES, MAX_TEXT_CHARS } from './limits';

/**
 * PDFs through pdf.js (pdfjs-dist), imported only when a PDF is attached, so it costs nothing
 * before. Its legacy build: the modern one needs newer browsers than Parley supports (build.mjs
 * TARGET) and than Node 20 runs. Its parser runs in pdf.js's own worker, whose URL the build
 * emits; without one (Node, tests) pdf.js parses on the calling thread.
 */

type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type PdfDocument = Awaited<ReturnType<Pdfjs['getDocument']>['promise']>;

export interface PdfText {
  /** Every page's text; pages of a longer PDF start with a `[page N]` line the model can cite. */
  text: string;
  pageCount: number;
  /** False when no page yields any text: a scanned PDF, which the UI says instead of sending nothing. */
  hasTextLayer: boolean;
  /** Longer than the text cap: the rest of the pages were not read. */
  truncated?: boolean;
}

export interface PdfOptions {
  /** The pdf.js worker script's URL (the build emits it); absent: parse on this thread. */
  workerUrl?: string;
  maxChars?: number;
  signal?: AbortSignal;
}

/** Why a PDF gave nothing: a code the UI translates, naming the file. */
export type PdfErrorCode = 'pdf-encrypted' | 'pdf-invalid';

export class PdfError extends Error {
  override readonly name = 'PdfError';
  constructor(
    readonly code: PdfErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

let loading: Promise<Pdfjs> | undefined;

/** pdf.js, imported once, on first use. */
function loadPdfjs(workerUrl: string | undefined): Promise<Pdfjs> {
  loading ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return loading.then((pdfjs) => {
    if (workerUrl && pdfjs.GlobalWorkerOptions.workerSrc !== workerUrl) pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
    return pdfjs;
  });
}

async function openPdf(data: Blob | Uint8Array, options: PdfOptions): Promise<PdfDocument> {
  const pdfjs = await loadPdfjs(options.workerUrl);
  // pdf.js hands the buffer to its worker, which detaches it: give it a copy, never the caller's bytes.
  const bytes = data instanceof Uint8Array ? data.slice() : new Uint8Array(await data.arrayBuffer());
  const task = pdfjs.getDocument({
    data: bytes,
    // No eval: the page's CSP forbids it, and a PDF's code has no business running.
    isEvalSupported: false,
    // Text needs no glyphs, and no font is fetched from anywhere.
    disableFontFace: true,
    useSystemFonts: false,
    // A PDF names fonts it does not embed; pdf.js warns of each, to no one.
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  options.signal?.addEventListener('abort', () => void task.destroy(), { once: true });
  try {
    return await task.promise;
  } catch (cause) {
    const name = (cause as { name?: string }).name;
    if (name === 'PasswordException') throw new PdfError('pdf-encrypted', 'This PDF is protected by a password', { cause });
    throw new PdfError('pdf-invalid', 'This file is not a PDF pdf.js can read', { cause });
  }
}

interface TextItemLike {
  str?: string;
  hasEOL?: boolean;
}

/** One page's text: pieces in reading order, a newline where pdf.js saw a line end. */
export function pageText(items: readonly TextItemLike[]): string {
  let text = '';
  for (const item of items) {
    if (typeof item.str !== 'string') continue;
    text += item.str;
    if (item.hasEOL) text += '\n';
  }
  return text.replace(/[ \t]+\n/g, '\n').trim();
}

/** Joins pages' texts: a lone page as it is, several each under a `[page N]` line. */
export function joinPages(pages: readonly string[]): string {
  if (pages.length === 1) return pages[0]!;
  return pages.map((text, i) => (text ? `[page ${i + 1}]\n${text}` : `[page ${i + 1}]`)).join('\n\n');
}

/** The text of a PDF, page by page, up to the text cap. */
export async function extractPdfText(data: Blob | Uint8Array, options: PdfOptions = {}): Promise<PdfText> {
  const maxChars = options.maxChars ?? MAX_TEXT_CHARS;
  const doc = await openPdf(data, options);
  try {
    const pages: string[] = [];
    let chars = 0;
    let truncated = false;
    for (let number = 1; number <= doc.numPages; number++) {
      options.signal?.throwIfAborted();
      const page = await doc.getPage(number);
      const text = pageText((await page.getTextContent()).items as TextItemLike[]);
      page.cleanup();
      pages.push(text);
      chars += text.length;
      if (chars > maxChars) {
        truncated = true;
        break;
      }
    }
    const hasTextLayer = pages.some((text) => text.trim() !== '');
    let text = hasTextLayer ? joinPages(pages) : '';
    if (text.length > maxChars) text = text.slice(0, maxChars);
    return { text, pageCount: doc.numPages, hasTextLayer, ...(truncated && { truncated: true }) };
  } finally {
    await doc.destroy();
  }
}

/**
 * The pages as JPEG pictures fitting `maxLongSide`, for a vision model (a scan, or a PDF whose
 * layout matters). Browser only: pdf.js draws on a canvas of the page. At most
 * MAX_PDF_PAGES_AS_IMAGES pages.
 */
export async function pdfPagesAsImages(data: Blob | Uint8Array, maxLongSide: number, options: PdfOptions = {}): Promise<ProcessedImage[]> {
  const doc = await openPdf(data, options);
  try {
    const images: ProcessedImage[] = [];
    const last = Math.min(doc.numPages, MAX_PDF_PAGES_AS_IMAGES);
    for (let number = 1; number <= last; number++) {
      options.signal?.throwIfAborted();
      const page = await doc.getPage(number);
      const natural = page.getViewport({ scale: 1 });
      // A page is measured in points (a letter page is 792 long): drawn at the long side, not at 1:1.
      const viewport = page.getViewport({ scale: maxLongSide / Math.max(natural.width, natural.height) });
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(viewport.width);
      canvas.height = Math.round(viewport.height);
      await page.render({ canvas, viewport, background: 'white' }).promise;
      page.cleanup();
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
      if (!blob) throw new PdfError('pdf-invalid', `Page ${number} could not be drawn`);
      images.push({ blob, mimeType: 'image/jpeg', width: canvas.width, height: canvas.height });
    }
    return images;
  } finally {
    await doc.destroy();
  }
}
