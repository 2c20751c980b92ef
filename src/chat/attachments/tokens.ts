import { DEFAULT_IMAGE_MAX_LONG_SIDE, MAX_PDF_PAGES_AS_IMAGES } from './limits';
import { fileBlock } from './text-file';
import type { Attachment } from './types';

/**
 * What an attachment will cost in tokens: an ESTIMATE shown on its chip and summed for the
 * context warning. Each model tokenizes its own way; these are the usual rules of thumb.
 */

/** English prose and code run about four characters a token in GPT-style tokenizers. */
export const CHARS_PER_TOKEN = 4;

// OpenAI's rule for an image at high detail (its vision guide): fit into 2048 × 2048, scale the
// shortest side down to 768, then count 512-pixel tiles.
/** The square an image is first fitted into. */
const TILE_FIT_SIDE = 2048;
/** The shortest side after the second scaling (only ever scaled down). */
const TILE_SHORT_SIDE = 768;
/** The side of one tile. */
const TILE_SIDE = 512;
/** Tokens every image costs, tiles aside. */
const IMAGE_BASE_TOKENS = 85;
/** Tokens per tile. */
const TOKENS_PER_TILE = 170;
/** A portrait letter page's width for its height (612 × 792 points): for pages not measured yet. */
const PAGE_ASPECT = 612 / 792;

export const textTokens = (text: string) => Math.ceil(text.length / CHARS_PER_TOKEN);

/** Tokens an image of this size costs under OpenAI's tile rule. */
export function imageTokens(width: number, height: number): number {
  let w = width;
  let h = height;
  const fit = Math.min(1, TILE_FIT_SIDE / Math.max(w, h));
  w *= fit;
  h *= fit;
  const shrink = Math.min(1, TILE_SHORT_SIDE / Math.min(w, h));
  w = Math.round(w * shrink);
  h = Math.round(h * shrink);
  const tiles = Math.ceil(w / TILE_SIDE) * Math.ceil(h / TILE_SIDE);
  return IMAGE_BASE_TOKENS + TOKENS_PER_TILE * tiles;
}

/** The estimated tokens one attachment adds to a request, as content-parts.ts would send it. */
export function attachmentTokens(attachment: Attachment, imageMaxLongSide = DEFAULT_IMAGE_MAX_LONG_SIDE): number {
  switch (attachment.kind) {
    case 'image':
      return imageTokens(attachment.width, attachment.height);
    case 'text':
      return textTokens(fileBlock(attachment.name, attachment.text));
    case 'pdf': {
      if (attachment.asImages) {
        const pages = Math.min(attachment.pageCount, MAX_PDF_PAGES_AS_IMAGES);
        return pages * imageTokens(Math.round(imageMaxLongSide * PAGE_ASPECT), imageMaxLongSide);
      }
      return attachment.hasTextLayer ? textTokens(fileBlock(attachment.name, attachment.text)) : 0;
    }
  }
}
