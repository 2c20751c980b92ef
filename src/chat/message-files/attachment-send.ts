import { ownedByMessage, withoutOwner, type StoredAttachment } from '../persistence/attachment-rows';
import { attachmentRef, type Attachment } from '../attachments';
import { newId } from '../../lib/ids';
import type { ChatWrite } from '../persistence';
import { toStorageError, type StorageErrorKind } from '../persistence';
import type { StoreCore } from '../state';
import type { StorageUsage } from '../state';
import type { Message } from '../types';

/**
 * Writing a user message with its files: the message row, its AttachmentRefs and the rows
 * themselves (re-owned from the draft to the message) in one transaction, so a crash never
 * leaves a message pointing to a missing row. A refused write is not kept for a retry as other
 * writes are: the message is not sent, the caller leaves the files in the composer and says why.
 */

/** Storage refused a message with attachments; `usage` says how much space is left (a full disk). */
export class AttachmentSaveError extends Error {
  override readonly name = 'AttachmentSaveError';
  constructor(
    readonly kind: StorageErrorKind,
    readonly usage: StorageUsage | undefined,
    options?: ErrorOptions,
  ) {
    super(kind === 'full' ? 'There is no room left to store the attachments' : 'The attachments could not be stored', options);
  }
}

/** The message's refs and the rows to write, owned by it. */
export function withAttachments(message: Message, attachments: readonly Attachment[]): { message: Message; rows: StoredAttachment[] } {
  if (attachments.length === 0) return { message, rows: [] };
  return {
    message: { ...message, attachments: attachments.map(attachmentRef) },
    rows: attachments.map((attachment) => ownedByMessage(attachment, message.chatId, message.id)),
  };
}

/** Copies of stored rows under new ids (an edit keeps the original's files; each message owns its own rows). */
export async function copiesOf(core: StoreCore, ids: readonly string[]): Promise<Attachment[]> {
  if (ids.length === 0) return [];
  const rows = (await core.persist('load', (p) => p.getAttachments(ids))) ?? [];
  return rows.map((row) => ({ ...withoutOwner(row), id: newId() }));
}

/** Writes the message and its rows together; false when the chat is gone; throws AttachmentSaveError when refused. */
export async function saveMessageWithAttachments(core: StoreCore, message: Message, rows: readonly StoredAttachment[], chat: ChatWrite): Promise<boolean> {
  let failure: unknown;
  const stored = await core.write(message.chatId, 'send-attachments', async (p) => {
    try {
      return await p.putMessageWithAttachments(message, rows, chat);
    } catch (error) {
      failure = error;
      return false;
    }
  });
  if (failure !== undefined) {
    const { kind } = toStorageError(failure);
    throw new AttachmentSaveError(kind, kind === 'full' ? await core.usage() : undefined, { cause: failure });
  }
  return stored ?? false;
}
