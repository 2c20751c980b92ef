import type { Attachment } from '../attachments';

/**
 * Attachment rows as the `attachments` object store keeps them: the processed attachment (its
 * bytes included) and who owns it. A row belongs either to a composer's draft (until the
 * message is sent) or to one message of one chat; the owner fields are indexed, so a chat's
 * or a draft's rows are found without reading any other row, and a chat list never reads one.
 */

/** Owned by a composer draft ('home' or a chat id): survives a reload until sent or removed. */
export interface DraftOwner {
  draftKey: string;
  chatId?: undefined;
  messageId?: undefined;
}

/** Owned by a sent user message: deleted with it (and put back with it on Undo). */
export interface MessageOwner {
  draftKey?: undefined;
  chatId: string;
  messageId: string;
}

export type StoredAttachment = Attachment & (DraftOwner | MessageOwner);

/** The row with its owner replaced: a draft's row handed to the message it was sent with. */
export function ownedByMessage(attachment: Attachment, chatId: string, messageId: string): StoredAttachment {
  const { draftKey: _draft, chatId: _chat, messageId: _message, ...rest } = attachment as StoredAttachment;
  return { ...(rest as Attachment), chatId, messageId };
}

export function ownedByDraft(attachment: Attachment, draftKey: string): StoredAttachment {
  const { draftKey: _draft, chatId: _chat, messageId: _message, ...rest } = attachment as StoredAttachment;
  return { ...(rest as Attachment), draftKey };
}

/** The attachment alone, owner fields dropped (what the request and the export need). */
export function withoutOwner(row: StoredAttachment): Attachment {
  const { draftKey: _draft, chatId: _chat, messageId: _message, ...rest } = row;
  return rest as Attachment;
}
