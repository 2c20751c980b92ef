// Issue 27: a PDF still kept whole goes with the request as a document too, for the formats that read PDFs themselves.
import { describe, expect, it } from 'vitest';
import type { Chat, Message } from '../../../src/chat';
import { modelMessagesWithAttachments } from '../../../src/chat/message-files/attachment-request';
import type { StoredAttachment } from '../../../src/chat/persistence/attachment-rows';

const chat = { id: 'c', title: 't', titleSource: 'user', createdAt: 1, updatedAt: 1, pinned: false } as Chat;
const question: Message = {
  id: 'u',
  chatId: 'c',
  parentId: null,
  role: 'user',
  content: 'Summarise this.',
  status: 'complete',
  createdAt: 1,
  attachments: [{ id: 'p', kind: 'pdf', name: 'report.pdf', size: 9, mimeType: 'application/pdf' } as never],
};
const row = (extra: object) =>
  ({ id: 'p', chatId: 'c', messageId: 'u', kind: 'pdf', name: 'report.pdf', mimeType: 'application/pdf', size: 9, createdAt: 1, text: 'Quarterly figures', pageCount: 1, hasTextLayer: true, ...extra }) as StoredAttachment;

describe('a request’s PDFs', () => {
  it('carries the PDF’s bytes (base64) beside the text block content already has for it', async () => {
    const [message] = await modelMessagesWithAttachments(chat, [question], async () => [row({ source: new Blob(['%PDF-1.4\n'], { type: 'application/pdf' }) })]);
    const text = message!.content as string;
    expect(message!.documents).toEqual([{ name: 'report.pdf', data: 'JVBERi0xLjQK', text: text.slice(0, text.indexOf('\n\nSummarise this.')) }]);
    expect(text).toContain('Quarterly figures');
  });

  it('without the PDF kept (or sent as page images) there is no document: its text goes, as before', async () => {
    const [kept] = await modelMessagesWithAttachments(chat, [question], async () => [row({})]);
    expect(kept).not.toHaveProperty('documents');
  });
});
