import { kindOfFile } from './file-types';
import type { AttachmentKind } from './types';

/** Bytes in a megabyte, decimal as file managers and formatBytes show sizes: "20 MB" means what it says. */
const MB = 1_000_000;

/**
 * The largest file taken (raw, before downscaling or extraction): a phone photo is 3–12 MB and a
 * long PDF report 10 MB or so, while reading much more freezes a phone's tab.
 */
export const MAX_FILE_BYTES = 20 * MB;
/** All of one message's files together (raw): what a request and a draft can carry without strain. */
export const MAX_MESSAGE_BYTES = 50 * MB;
/** Files in one message: more is almost always a mistaken multi-select, and each costs a chip. */
export const MAX_FILES_PER_MESSAGE = 20;
/**
 * Images are scaled down to this long side by default (a setting): OpenAI scales anything larger
 * to fit 2048 anyway, and local vision models read far less, so more only costs bytes and time.
 */
export const DEFAULT_IMAGE_MAX_LONG_SIDE = 2048;
/** The smallest long side the setting accepts: below it a model cannot read text in a screenshot. */
export const MIN_IMAGE_MAX_LONG_SIDE = 256;
/**
 * Characters kept of a text file or a PDF's text: about 250,000 tokens, more than any model's
 * context but the very largest; the context warning speaks up well before this.
 */
export const MAX_TEXT_CHARS = 1_000_000;
/** Pages of a PDF sent as images: each is a full image for the model, so a long PDF would cost a fortune. */
export const MAX_PDF_PAGES_AS_IMAGES = 20;

/** Why a file is not taken; the UI turns each into a sentence naming the file. */
export type RefusalCode = 'unsupported-type' | 'empty' | 'too-large' | 'message-too-large' | 'too-many-files';

export type Classification = { kind: AttachmentKind } | { refused: RefusalCode };

/** What classifyFile needs of a File (a File is one). */
export interface FileFacts {
  name: string;
  /** The browser's guess from the extension; often '' and sometimes wrong. */
  type: string;
  size: number;
}

/** Whether Parley takes this file on its own, and as what. */
export function classifyFile(file: FileFacts): Classification {
  const kind = kindOfFile(file.name, file.type);
  if (!kind) return { refused: 'unsupported-type' };
  if (file.size === 0) return { refused: 'empty' };
  if (file.size > MAX_FILE_BYTES) return { refused: 'too-large' };
  return { kind };
}

/** What a draft already holds: its files' count and raw bytes. */
export interface DraftLoad {
  count: number;
  bytes: number;
}

/**
 * Whether one more file still fits in the message (checked after classifyFile, per file in the
 * order they came, so of a multi-select the files that fit are kept and the rest refused).
 */
export function refusalForMessage(load: DraftLoad, file: FileFacts): RefusalCode | undefined {
  if (load.count + 1 > MAX_FILES_PER_MESSAGE) return 'too-many-files';
  if (load.bytes + file.size > MAX_MESSAGE_BYTES) return 'message-too-large';
  return undefined;
}

/** The image long side to use: the setting when it is a sensible number, else the default. */
export function imageMaxLongSide(setting: number | undefined): number {
  if (setting === undefined || !Number.isFinite(setting)) return DEFAULT_IMAGE_MAX_LONG_SIDE;
  return Math.max(MIN_IMAGE_MAX_LONG_SIDE, Math.round(setting));
}
