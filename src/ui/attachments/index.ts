// Attachments in the kit: presentational pieces fed plain props (no store, no chat domain).
// The attach button sits on the first screen: import it from './attach-button' directly, which
// leaves out the rest (and its strings, which this index registers on import).
export { AttachButton, ATTACH_ICON, type AttachButtonProps } from './attach-button';
export type { AttachmentChipState, AttachmentItemKind, AttachmentItemRef, LoadBlob } from './attachment-item';
export { AttachmentChip, type AttachmentChipProps, type PdfChipOptions } from './attachment-chip';
export { AttachmentTray, type AttachmentTrayItem, type AttachmentTrayProps } from './attachment-tray';
export { attachmentErrorText, type AttachmentErrorExtra, type AttachmentErrorTextCode } from './attachment-error-text';
export { ImageThumbnails, type ImageThumbnailsProps } from './image-thumbnails';
export { ImageViewer, type ImageViewerProps } from './image-viewer';
export { FileBlockView, type FileBlockViewProps } from './file-block-view';
export { BidiName, FileName } from './file-name';
export { FileDropOverlay } from './file-drop-overlay';
export { useFileDrop, type FileDropOptions } from './use-file-drop';
export { useNoNavigateOnDrop } from './use-no-navigate-on-drop';
export { carriesFiles } from './drag-files';
export { splitFileName, NAME_TAIL_CHARS, type NameParts } from './split-file-name';
export { useObjectUrl } from './use-object-url';
export { useLoadedBlobs } from './use-loaded-blobs';
