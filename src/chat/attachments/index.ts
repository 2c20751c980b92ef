// Attachments: files a message carries to the model (pictures, text files, PDFs). The processing
// core only: what to take, how to turn it into what is stored and sent, and what it costs.
export type { Attachment, AttachmentKind, AttachmentRef, ImageAttachment, PdfAttachment, TextAttachment } from './types';
export { attachmentRef, storedBytes } from './types';
// Which picture types may be kept and shown as pictures (issue 20): every write and every display asks.
export { displayablePicture, INERT_TYPE, isSafePictureType, pictureExtension, safePictureType, safeStoredAttachment } from './safe-picture-type';
export {
  classifyFile,
  refusalForMessage,
  imageMaxLongSide,
  DEFAULT_IMAGE_MAX_LONG_SIDE,
  MAX_FILE_BYTES,
  MAX_FILES_PER_MESSAGE,
  MAX_MESSAGE_BYTES,
  MAX_TEXT_CHARS,
  type Classification,
  type DraftLoad,
  type FileFacts,
  type RefusalCode,
} from './limits';
// Preparing a file (the image worker's client, pdf.js) loads with the first file added: message-files/
// imports those files with import(), as named doors, so only their types are here.
export type { AttachmentErrorCode, PrepareOptions } from './prepare-attachment';
export type { ImageProcessor } from './image-client';
export { fileBlock } from './text-file';
export { attachmentTokens, imageTokens, textTokens } from './tokens';
export { attachmentText, userMessageContent, contentText, type ContentPart, type MessageContent } from './content-parts';
export { visionRejection, acceptsImages, type VisionRejection } from './vision-errors';
export { contextLengthOf, contextLengthOfOllamaShow, contextLengthOfProps, modelEntry, exceedsContext } from './context-window';
export type { AttachmentSettings } from './attachment-settings';
export { bytesToBase64 } from './base64';
export type { ContentOptions } from './content-parts';
