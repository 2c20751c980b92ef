/**
 * What pages use of attachments, apart from index.ts so the first screen does not carry it: a
 * composer's files (useDraftAttachments), the context warning, the errors a send can meet.
 * Sending goes through the store: sendMessage / createChat / editMessage take `attachments`,
 * resendWithoutImages answers a reply whose errorReason is REJECTS_IMAGES_REASON, and
 * loadAttachmentBlob(id) gives a thumbnail its bytes.
 */
export { useDraftAttachments, draftAttachmentsOf, contextEstimate, type ContextEstimate, type DraftAttachmentsView } from './use-draft-attachments';
export type { DraftAttachmentItem, DraftAttachmentsState, DraftItemState, Refusal, SendOutcome } from './draft-attachments';
export { AttachmentSaveError } from './attachment-send';
export type { AttachmentSettings } from '../attachments';
export { contextLengthOf, acceptsImages, type Attachment, type AttachmentRef, type AttachmentKind, type RefusalCode, type AttachmentErrorCode } from '../attachments';
export { displayablePicture, isSafePictureType, safePictureType, INERT_TYPE } from '../attachments';
export { MAX_FILE_BYTES, MAX_FILES_PER_MESSAGE, MAX_MESSAGE_BYTES } from '../attachments';
