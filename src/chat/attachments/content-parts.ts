import { blobToDataUrl } from './base64';
import { isSafePictureType } from './safe-picture-type';
import { fileBlock, oneLine } from './text-file';
import type { Attachment } from './types';

/**
 * The content of a user message with attachments, in the OpenAI chat format: text files and PDF
 * text as file blocks ahead of what the user typed (the question reads best after its material),
 * pictures as `image_url` parts with base64 data URLs. A message whose attachments are all text
 * stays a plain string, exactly as a message without any: servers that take no content parts
 * (and every request made so far) see nothing new.
 */

export interface TextPart {
  type: 'text';
  text: string;
}
export interface ImagePart {
  type: 'image_url';
  image_url: { url: string };
}
export type ContentPart = TextPart | ImagePart;
export type MessageContent = string | ContentPart[];

export interface ContentOptions {
  /**
   * The page pictures of a PDF the user chose to send as images (rendered by pdfPagesAsImages);
   * absent, or answering nothing, and the PDF goes as its text.
   */
  pdfPageImages?: (attachment: Attachment) => Promise<readonly { blob: Blob; mimeType: string }[] | undefined>;
}

/** Between the blocks and the typed text: a blank line, as between Markdown paragraphs. */
const SEPARATOR = '\n\n';

/** Said to the model for a scan, so it knows a file was there and why it cannot read it. */
const NO_TEXT_LAYER_NOTE = '(This PDF has no text layer, probably a scan: its text could not be extracted.)';

/** Said to the model for a "picture" kept as inert data (an SVG or HTML from a tool, a backup, a sync server). */
const UNSAFE_PICTURE_NOTE = '(A file sent as a picture, but not of a picture type: it is not included.)';

/** The text a text file or a PDF adds; undefined for a picture. */
export function attachmentText(attachment: Attachment): string | undefined {
  switch (attachment.kind) {
    case 'text':
      return fileBlock(attachment.name, attachment.text, { truncated: attachment.truncated });
    case 'pdf':
      if (!attachment.hasTextLayer) return `File: ${oneLine(attachment.name)}\n${NO_TEXT_LAYER_NOTE}`;
      return fileBlock(attachment.name, attachment.text, { truncated: attachment.truncated });
    case 'image':
      return undefined;
  }
}

export async function userMessageContent(text: string, attachments: readonly Attachment[], options: ContentOptions = {}): Promise<MessageContent> {
  const blocks: string[] = [];
  const images: ImagePart[] = [];
  for (const attachment of attachments) {
    if (attachment.kind === 'image' && !isSafePictureType(attachment.mimeType)) {
      blocks.push(`File: ${oneLine(attachment.name)}\n${UNSAFE_PICTURE_NOTE}`);
      continue;
    }
    if (attachment.kind === 'image') {
      images.push({ type: 'image_url', image_url: { url: await blobToDataUrl(attachment.blob, attachment.mimeType) } });
      continue;
    }
    const pages = attachment.kind === 'pdf' && attachment.asImages ? await options.pdfPageImages?.(attachment) : undefined;
    if (pages?.length) {
      blocks.push(`File: ${oneLine(attachment.name)} (${pages.length} page images follow)`);
      for (const page of pages) images.push({ type: 'image_url', image_url: { url: await blobToDataUrl(page.blob, page.mimeType) } });
      continue;
    }
    blocks.push(attachmentText(attachment)!);
  }
  const combined = [...blocks, text].filter((part) => part !== '').join(SEPARATOR);
  if (images.length === 0) return combined;
  return combined === '' ? images : [{ type: 'text', text: combined }, ...images];
}

/** The text of a message's content, parts or not (for titles, search, token counts). */
export function contentText(content: MessageContent): string {
  if (typeof content === 'string') return content;
  return content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}
