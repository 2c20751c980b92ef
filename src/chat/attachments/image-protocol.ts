import type { ProcessedImage } from './image';

/** The page asks the image worker to re-encode one picture. */
export interface ImageRequest {
  id: number;
  blob: Blob;
  maxLongSide: number;
  /** The file's real type, when the Blob's is empty or wrong. */
  sourceType: string;
}

/** The worker's answer: the picture, or why not (`code` is the error's, for the UI to translate). */
export type ImageResponse =
  | { id: number; ok: true; image: ProcessedImage }
  | { id: number; ok: false; code: string; message: string };
