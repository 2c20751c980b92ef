import { withoutOwner, type StoredAttachment } from '../persistence/attachment-rows';
import type { AttachmentSettings } from '../attachments';
import { attachmentText, bytesToBase64, userMessageContent, type ContentOptions } from '../attachments';
import { imageMaxLongSide } from '../attachments';
import type { Attachment } from '../attachments';
import type { ChatModelDocument, ChatModelMessage } from '../model';
import { answeredCalls, modelMessageOf, systemOf } from '../model/model-messages';
import { sentThread } from '../shapes';
import type { Chat, Message } from '../types';

/**
 * The thread as the model sees it, attachments included: each user message's rows are read by
 * id and turned into content parts (userMessageContent). A thread without attachments is built
 * at once, exactly as before; one with them is a promise (rows are read, pictures encoded).
 */

export type LoadAttachments = (ids: readonly string[]) => Promise<readonly StoredAttachment[]>;

/** Whether any message of the thread carries attachments. */
export const threadHasAttachments = (thread: readonly Message[]) => thread.some((message) => (message.attachments?.length ?? 0) > 0);

/** A PDF sent as pages: pdf.js draws them, when the PDF itself was kept; otherwise it goes as text. */
function pdfPages(settings: AttachmentSettings): ContentOptions['pdfPageImages'] {
  return async (attachment: Attachment) => {
    if (attachment.kind !== 'pdf' || !attachment.source) return undefined;
    const { pdfPagesAsImages } = await import('../attachments/pdf');
    return pdfPagesAsImages(attachment.source, imageMaxLongSide(settings.imageMaxLongSide), { workerUrl: settings.pdfWorkerUrl });
  };
}

/** The PDFs of a message that go as their text and are still kept whole: Anthropic and Responses take the files themselves (issue 27). */
async function documentsOf(attachments: readonly Attachment[]): Promise<ChatModelDocument[]> {
  const documents: ChatModelDocument[] = [];
  for (const attachment of attachments) {
    if (attachment.kind !== 'pdf' || attachment.asImages || !attachment.source) continue;
    const data = bytesToBase64(new Uint8Array(await attachment.source.arrayBuffer()));
    documents.push({ name: attachment.name, data, text: attachmentText(attachment)! });
  }
  return documents;
}

export async function modelMessagesWithAttachments(
  chat: Chat,
  path: readonly Message[],
  load: LoadAttachments,
  settings: AttachmentSettings = {},
): Promise<ChatModelMessage[]> {
  // As modelMessages: what a compaction marker stands in for is not sent (its summary is).
  const { summary, messages: thread } = sentThread(path);
  const ids = thread.flatMap((message) => message.attachments?.map((ref) => ref.id) ?? []);
  const rows = new Map((await load(ids)).map((row) => [row.id, withoutOwner(row)]));
  const options: ContentOptions = { pdfPageImages: pdfPages(settings) };
  // modelMessages with each user message's files: its rules (system prompt, empty failed replies) kept.
  const out: ChatModelMessage[] = systemOf(chat, summary);
  const answered = answeredCalls(thread);
  for (const message of thread) {
    const refs = message.role === 'user' ? (message.attachments ?? []) : [];
    if (refs.length === 0) {
      const sent = modelMessageOf(message, answered);
      if (sent) out.push(sent);
      continue;
    }
    // A row that is gone (never expected: rows go with their message) is left out, not fatal.
    const attachments = refs.flatMap((ref) => (rows.has(ref.id) ? [rows.get(ref.id)!] : []));
    const documents = await documentsOf(attachments);
    out.push({ role: 'user', content: await userMessageContent(message.content, attachments, options), ...(documents.length > 0 && { documents }) });
  }
  return out;
}
