import type { StoredAttachment } from '../persistence';
import type { Chat, LibraryRecord, Message } from '../types';

/**
 * Parley's rows as CouchDB documents. Ids are stable and sort by chat, so one chat's documents
 * are a key range (allDocs startkey/endkey) and a deletion can tombstone them all:
 *   chat:<chatId>   msg:<chatId>:<messageId>   att:<chatId>:<attachmentId>
 * and one per row of the user's library (issue 23): lib:<rowId>.
 * The body is what travels (encrypted or not); `changedAt` is when this device wrote it, the
 * clock "latest change wins" reads (a library row's: its `updatedAt`). Drafts, settings and
 * connections never become documents, so API keys never travel (the library holds none).
 */

export type DocBody =
  | { type: 'chat'; changedAt: number; chat: Chat }
  | { type: 'msg'; changedAt: number; message: Message }
  | { type: 'att'; changedAt: number; attachment: SyncedAttachment }
  /** As it arrives, `record` is unchecked: the bridge reads it with readLibraryRecord before anything is written. */
  | { type: 'lib'; changedAt: number; record: LibraryRecord };

/**
 * With encryption, a deletion is a signed marker: the tombstone (`_deleted: true`) carries this
 * body, encrypted and bound to its id and version, so a tombstone the server wrote is told apart.
 */
export type DeletionBody = { type: 'deleted'; changedAt: number };

/** What an encrypted document's ciphertext holds. */
export type SealedBody = DocBody | DeletionBody;

/** An attachment row without its bytes (they travel as the document's CouchDB attachment `data`). */
export type SyncedAttachment = Omit<StoredAttachment, 'blob' | 'source'> & { binaryField?: 'blob' | 'source' };

export const chatDocId = (chatId: string) => `chat:${chatId}`;
export const messageDocId = (chatId: string, messageId: string) => `msg:${chatId}:${messageId}`;
export const attachmentDocId = (chatId: string, attachmentId: string) => `att:${chatId}:${attachmentId}`;
export const libraryDocId = (rowId: string) => `lib:${rowId}`;

/** The high end of a key range: CouchDB's collation puts this after every id with the prefix. */
const RANGE_END = '\ufff0';

/** Every message or attachment document of one chat. */
export function chatRange(kind: 'msg' | 'att', chatId: string): { startkey: string; endkey: string } {
  const prefix = `${kind}:${chatId}:`;
  return { startkey: prefix, endkey: prefix + RANGE_END };
}

export interface ChatPlace {
  kind: 'chat' | 'msg' | 'att';
  chatId: string;
  /** The message's or attachment's own id. */
  rowId?: string;
}

/** A library row's document: the row's id. */
export interface LibraryPlace {
  kind: 'lib';
  rowId: string;
}

export type ParsedId = ChatPlace | LibraryPlace;

/** The document's place in Parley; undefined for documents that are not Parley's (parley:crypto, design docs). */
export function parseDocId(id: string): ParsedId | undefined {
  if (id.startsWith('lib:')) return id.length > 'lib:'.length ? { kind: 'lib', rowId: id.slice('lib:'.length) } : undefined;
  const [kind, chatId, ...rest] = id.split(':');
  if (!chatId) return undefined;
  if (kind === 'chat' && rest.length === 0) return { kind, chatId };
  if ((kind === 'msg' || kind === 'att') && rest.length > 0) return { kind, chatId, rowId: rest.join(':') };
  return undefined;
}

/** Whether two bodies say the same thing (changedAt aside): an unchanged row is not written again. */
export function sameContent(a: DocBody | undefined, b: DocBody | undefined): boolean {
  if (!a || !b || a.type !== b.type) return false;
  return stableJson({ ...a, changedAt: 0 }) === stableJson({ ...b, changedAt: 0 });
}

/** JSON with keys sorted, so two equal rows built in different orders compare equal; undefined fields drop out as in JSON. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** Splits an attachment row into its body and its bytes (a picture's blob, a PDF's source file). */
export function splitAttachment(row: StoredAttachment): { attachment: SyncedAttachment; bytes?: Blob } {
  const { blob, source, ...rest } = row as StoredAttachment & { blob?: Blob; source?: Blob };
  const bytes = blob ?? source;
  const binaryField = blob ? 'blob' : source ? 'source' : undefined;
  return { attachment: binaryField ? { ...rest, binaryField } : rest, bytes };
}

export function joinAttachment(attachment: SyncedAttachment, bytes: Blob | undefined): StoredAttachment {
  const { binaryField, ...rest } = attachment;
  return (binaryField && bytes ? { ...rest, [binaryField]: bytes } : rest) as StoredAttachment;
}
