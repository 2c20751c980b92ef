import type { ChatModelDocument } from '../model';

/**
 * A user turn's text without the text blocks of the PDFs sent as files (issue 27): Anthropic and
 * Responses read the file itself, so its extracted text would only say the same thing twice.
 */

/** Between a file's block and what follows it in the content (content-parts.ts joins them so). */
const BLOCK_SEPARATOR = '\n\n';

export function withoutDocumentText(text: string, documents: readonly ChatModelDocument[]): string {
  let rest = text;
  for (const document of documents) rest = rest.replace(document.text + BLOCK_SEPARATOR, '').replace(document.text, '');
  return rest;
}
