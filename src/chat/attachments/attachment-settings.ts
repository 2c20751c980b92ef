import type { ImageProcessor } from './image-client';

/**
 * How attachments are processed, given to the chat store by the app (configureChatStore): the
 * worker scripts the build emits (__PARLEY_IMAGE_WORKER__, __PARLEY_PDF_WORKER__) and the long
 * side pictures are scaled to. Tests pass an image processor of their own (happy-dom has no canvas).
 */
export interface AttachmentSettings {
  imageWorkerUrl?: string;
  pdfWorkerUrl?: string;
  /** The image long-side setting; DEFAULT_IMAGE_MAX_LONG_SIDE when unset. */
  imageMaxLongSide?: number;
  /** Replaces the processor imageProcessorFor(imageWorkerUrl) would start. */
  images?: ImageProcessor;
}
