import { isolatedName } from '../../lib/bidi-controls';
import { formatBytes } from '../../lib/format-bytes';
import { t, type MessageKey } from './attachments-text';

/**
 * Why a file was refused or could not be prepared, as the chat domain's codes name it (refusal
 * codes and AttachmentError codes; the kit cannot import them, so they are listed here and the
 * type check of the page that passes them keeps the lists in step).
 */
export type AttachmentErrorTextCode =
  | 'unsupported-type'
  | 'empty'
  | 'too-large'
  | 'message-too-large'
  | 'too-many-files'
  | 'pdf-encrypted'
  | 'pdf-invalid'
  | 'image-undecodable'
  | 'not-text';

/** The figures a sentence may quote; the limits come from the caller (the domain owns them). */
export interface AttachmentErrorExtra {
  /** The file's size in bytes (too-large). */
  size?: number;
  /** Bytes allowed per file (too-large). */
  maxFileBytes?: number;
  /** Bytes allowed per message (message-too-large). */
  maxMessageBytes?: number;
  /** Files allowed per message (too-many-files). */
  maxFiles?: number;
  locale?: string;
}

const KEYS: Readonly<Record<AttachmentErrorTextCode, MessageKey>> = {
  'unsupported-type': 'attachments.error.unsupported-type',
  empty: 'attachments.error.empty',
  'too-large': 'attachments.error.too-large',
  'message-too-large': 'attachments.error.message-too-large',
  'too-many-files': 'attachments.error.too-many-files',
  'pdf-encrypted': 'attachments.error.pdf-encrypted',
  'pdf-invalid': 'attachments.error.pdf-invalid',
  'image-undecodable': 'attachments.error.image-undecodable',
  'not-text': 'attachments.error.not-text',
};

const bytes = (value: number | undefined, locale?: string) => (value === undefined ? '?' : formatBytes(value, locale));

/** One sentence naming the file, what went wrong and what to do. An unknown code gets a generic one. */
export function attachmentErrorText(code: string, fileName: string, extra: AttachmentErrorExtra = {}): string {
  const name = isolatedName(fileName);
  const key = Object.hasOwn(KEYS, code) ? KEYS[code as AttachmentErrorTextCode] : 'attachments.error.unknown';
  const { locale } = extra;
  switch (code) {
    case 'too-large':
      return t(key, { name, size: bytes(extra.size, locale), limit: bytes(extra.maxFileBytes, locale) });
    case 'message-too-large':
      return t(key, { name, limit: bytes(extra.maxMessageBytes, locale) });
    case 'too-many-files':
      return t(key, { name, limit: extra.maxFiles ?? '?' });
    default:
      return t(key, { name });
  }
}
