/**
 * What the kit needs to draw an attachment: plain data, structurally a subset of the chat
 * domain's AttachmentRef (the kit may not import src/chat), so a ref can be passed as it is.
 */
export type AttachmentItemKind = 'image' | 'text' | 'pdf';

export interface AttachmentItemRef {
  id: string;
  kind: AttachmentItemKind;
  name: string;
  /** Bytes, as stored. */
  size: number;
  mimeType?: string;
  /** Images only: their box is reserved before the bytes load. */
  width?: number;
  height?: number;
}

/** A composer chip's life: being read and prepared, ready to send, or refused. */
export type AttachmentChipState = 'processing' | 'ready' | 'error';

/** Loads an attachment's bytes by id (from the store); undefined when they are gone. */
export type LoadBlob = (id: string) => Promise<Blob | undefined>;
