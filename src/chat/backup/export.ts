import { BIDI_CONTROL_CHARS } from '../../lib/bidi-controls';
import type { StoredAttachment } from '../persistence';
import { bytesToBase64 } from '../attachments';
import { compareMessages } from '../persistence';
import type { Chat, Message } from '../types';

/**
 * A chat as a self-describing JSON document: the format name and version let a later import
 * recognise the file and migrate older shapes. Pure: the caller turns it into a file.
 */

/** Names the document so an import can tell a Parley chat from any other JSON. */
export const CHAT_EXPORT_FORMAT = 'parley.chat';
/** Raised whenever the shape of `chat` or `messages` changes incompatibly. */
export const CHAT_EXPORT_VERSION = 1;
/** Longest file name stem, in characters: well inside every file system's 255-byte limit even in UTF-8. */
export const EXPORT_FILE_NAME_MAX_CHARS = 80;
/** The stem when a title leaves nothing usable (only punctuation, say). */
export const EXPORT_FILE_NAME_FALLBACK = 'chat';

/** Raised whenever the shape of an exported attachment changes; a chat without files has no `attachments`. */
export const ATTACHMENTS_EXPORT_VERSION = 1;

/** A file of the chat: its ref fields, its owner, its text (text files, PDFs), its bytes as base64 (pictures, a PDF kept whole). */
export interface ExportedAttachment {
  id: string;
  messageId: string;
  kind: 'image' | 'text' | 'pdf';
  name: string;
  mimeType: string;
  size: number;
  createdAt: number;
  width?: number;
  height?: number;
  text?: string;
  pageCount?: number;
  hasTextLayer?: boolean;
  asImages?: boolean;
  encodingWarning?: boolean;
  truncated?: boolean;
  /** Base64 (no data: prefix) of the picture, or of the PDF file itself; its type is `dataType`. */
  data?: string;
  dataType?: string;
}

export interface ChatAttachmentsExport {
  version: typeof ATTACHMENTS_EXPORT_VERSION;
  items: ExportedAttachment[];
}

export interface ChatExport {
  format: typeof CHAT_EXPORT_FORMAT;
  version: typeof CHAT_EXPORT_VERSION;
  /** ISO 8601, UTC. */
  exportedAt: string;
  chat: Chat;
  /** Every message of the chat, all branches, oldest first. */
  messages: Message[];
  /** The messages' files, bytes included: absent when the chat has none. */
  attachments?: ChatAttachmentsExport;
}

const base64Of = async (blob: Blob) => bytesToBase64(new Uint8Array(await blob.arrayBuffer()));

/** A chat's attachment rows as the export carries them (owned by its messages; draft rows are not exported). */
export async function exportAttachments(rows: readonly StoredAttachment[]): Promise<ChatAttachmentsExport> {
  const items: ExportedAttachment[] = [];
  for (const row of [...rows].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1))) {
    if (row.messageId === undefined) continue;
    const { id, kind, name, mimeType, size, createdAt, messageId } = row;
    const item: ExportedAttachment = { id, messageId, kind, name, mimeType, size, createdAt };
    if (row.kind === 'image') Object.assign(item, { width: row.width, height: row.height, data: await base64Of(row.blob), dataType: row.mimeType });
    if (row.kind === 'text') Object.assign(item, { text: row.text, ...(row.encodingWarning && { encodingWarning: true }), ...(row.truncated && { truncated: true }) });
    if (row.kind === 'pdf') {
      Object.assign(item, { text: row.text, pageCount: row.pageCount, hasTextLayer: row.hasTextLayer, ...(row.asImages && { asImages: true }), ...(row.truncated && { truncated: true }) });
      if (row.source) Object.assign(item, { data: await base64Of(row.source), dataType: row.source.type || 'application/pdf' });
    }
    items.push(item);
  }
  return { version: ATTACHMENTS_EXPORT_VERSION, items };
}

/** The export of `chat`: messages of other chats are left out; every branch is kept. */
export function buildChatExport(
  chat: Chat,
  messages: readonly Message[],
  exportedAt: number | Date = Date.now(),
  attachments?: ChatAttachmentsExport,
): ChatExport {
  return {
    ...(attachments?.items.length && { attachments }),
    format: CHAT_EXPORT_FORMAT,
    version: CHAT_EXPORT_VERSION,
    exportedAt: new Date(exportedAt).toISOString(),
    chat: { ...chat },
    messages: messages.filter((message) => message.chatId === chat.id).sort(compareMessages),
  };
}

/** Characters Windows, macOS or Linux refuse in a file name, and control characters. */
// Bidirectional controls too: a title like `invoice-\u202Efdp` would make the saved name read backwards.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const UNSAFE_CHARS = new RegExp(`[<>:"/\\\\|?*\\u0000-\\u001f\\u007f${BIDI_CONTROL_CHARS}]`, 'g');
/** Names Windows reserves for devices, with or without an extension. */
const RESERVED_NAMES = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

/** A file name for the export of a chat titled `title`: safe on every desktop file system, `.json` at the end. */
export function exportFileName(title: string): string {
  const cleaned = title
    .normalize('NFC')
    .replace(UNSAFE_CHARS, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  let stem = [...cleaned].slice(0, EXPORT_FILE_NAME_MAX_CHARS).join('');
  // Windows drops trailing dots and spaces; a leading dot hides the file on macOS and Linux.
  stem = stem.replace(/^[.\s]+|[.\s]+$/g, '');
  if (stem === '') stem = EXPORT_FILE_NAME_FALLBACK;
  if (RESERVED_NAMES.test(stem)) stem = `${stem}-${EXPORT_FILE_NAME_FALLBACK}`;
  return `${stem}.json`;
}
